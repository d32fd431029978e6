#!/usr/bin/env bash
# The capacity search checked against a fine stairs run on the same scenario (default: pool).
# 1. fine stairs with the built-in engine (run-scenario.sh --drive stairs --rates …), steps ≤ 5 %
#    apart around the knee, judged as the search judges its probes (limited or anything saturated
#    fails): the measured limit is the midpoint between the first failing step and the step below
#    it (±half a step, ≤ 2.5 %); the report's utilization-law bound is printed beside it;
# 2. the search (run-scenario.sh --drive search) with an SLO loose enough that the resource, not
#    latency noise, ends the doubling;
# 3. passes when the search's capacity lies within ±5 % of the measured limit. Takes ~10 min; the
#    result is recorded in docs/measurements.md (too slow for mvn verify).
#
#   examples/search-vs-stairs.sh [--scenario pool] [--rates 72,76,…] [--slo 'p95<=2s']
#                                [--max-time 8m] [--resource connection-pool]
# The stairs use the scenario's CI-sized step length (pool: 12 s, enough for a verdict: a rule's
# 5 s sustain plus the 5 s window); the search's probes last 15 s.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scenario=pool rates=60,64,68,72,76,80,84,88,92,96,100,105,110 slo='p95<=2s' max_time=8m resource=connection-pool
while (($#)); do
  case "$1" in
    --scenario) scenario=${2:?}; shift 2 ;;
    --rates) rates=${2:?}; shift 2 ;;
    --slo) slo=${2:?}; shift 2 ;;
    --max-time) max_time=${2:?}; shift 2 ;;
    --resource) resource=${2:?}; shift 2 ;;
    *) echo "search-vs-stairs.sh: unknown option '$1'" >&2; sed -n 2,14p "$0" >&2; exit 2 ;;
  esac
done
command -v jq >/dev/null || { echo "search-vs-stairs.sh: needs jq (examples/setup/install-tools.sh)" >&2; exit 2; }
out=$root/runs/search-vs-stairs-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
echo "load average before: $(cat /proc/loadavg)" | tee "$out/summary.txt"

# --rates replaces the scenario's stairs; --ci takes its CI-sized step length.
"$root/examples/run-scenario.sh" "$scenario" --ci --drive stairs --rates "$rates" --out "$out/stairs" \
  >"$out/stairs.log" 2>&1 || true
bound=$(jq -r --arg r "$resource" '.demands[] | select(.resource == $r) | .boundRps' "$out/stairs/report.json")
# judged as the search judges a probe: a step fails when it is limited or anything saturated (the
# search's SLO is loose enough not to decide); the first failing step, and the highest step below it
# that passed.
first=$(jq -r '[.steps[] | select(.limit.limited or .firstSaturated.resource != "none")][0].offeredRps
  // empty' "$out/stairs/report.json")
served=$(jq -r --argjson f "${first:-1e9}" '[.steps[] | select(.offeredRps < $f) | .offeredRps] | max // empty' \
  "$out/stairs/report.json")
measured=""
if [[ -n $first && -n $served ]]; then
  measured=$(awk -v a="$served" -v b="$first" 'BEGIN { printf "%.1f", (a + b) / 2 }')
fi
echo "fine stairs ($rates RPS, CI-sized steps): passed up to ${served:-?} RPS, limited or saturated from" \
  "${first:-none} RPS: measured limit ${measured:-?} RPS; utilization-law bound $bound RPS" | tee -a "$out/summary.txt"

"$root/examples/run-scenario.sh" "$scenario" --drive search --slo "$slo" --max-time "$max_time" --out "$out/search" \
  >"$out/search.log" 2>&1 || true
headline=$(jq -r .headline "$out/search/report.json")
echo "search: $headline" | tee -a "$out/summary.txt"
capacity=$(sed -n 's/^Capacity \([0-9.]*\) RPS (±.*/\1/p' <<<"$headline")
echo "load average after: $(cat /proc/loadavg)" | tee -a "$out/summary.txt"
if [[ -z $capacity || -z $measured ]]; then
  echo "FAIL: no narrowed capacity or no measured limit (see $out)" | tee -a "$out/summary.txt"
  exit 1
fi
awk -v c="$capacity" -v m="$measured" -v b="$bound" 'BEGIN { d = (c - m) / m;
  printf "capacity %.1f vs measured limit %.1f RPS: %+.1f %% (vs the law'"'"'s bound %.1f: %+.1f %%)\n", c, m, 100 * d, b, 100 * (c - b) / b;
  exit !(d <= 0.05 && d >= -0.05) }' | tee -a "$out/summary.txt" \
  && echo "PASS (within ±5 %)" | tee -a "$out/summary.txt" \
  || { echo "FAIL (beyond ±5 %)" | tee -a "$out/summary.txt"; exit 1; }
