#!/usr/bin/env bash
# Appends a scrape of a Prometheus text endpoint to FILE every INTERVAL seconds, each preceded by
# "# sample <epoch ms>", until killed. A raw record of the run beside the collector's, read by
# step-summary.sh; a failed scrape is skipped (the service may be busy or restarting).
set -uo pipefail
url=${1:?usage: sample-metrics.sh URL FILE [INTERVAL_SECONDS]} file=${2:?usage: sample-metrics.sh URL FILE [INTERVAL_SECONDS]}
interval=${3:-2}
trap 'exit 0' INT TERM
while :; do
  at=$(date +%s%3N)
  if body=$(curl -fsS --max-time 5 "$url" 2>/dev/null); then
    printf '# sample %s\n%s\n' "$at" "$body" >>"$file"
  fi
  sleep "$interval" &
  wait $!
done
