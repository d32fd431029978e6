#!/usr/bin/env bash
# Installs the Debian packages the demo and the tests use (the load tool, and the cgroup tools).
# Idempotent; needs root (it is root on these machines and in CI).
set -euo pipefail
need=()
for pkg in hey; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if ((${#need[@]})); then
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
