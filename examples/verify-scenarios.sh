#!/usr/bin/env bash
# The accuracy matrix: runs scenarios end to end (examples/run-scenario.sh: service with the
# agent, built-in stairs, collector, report) one after the other and checks each report.json against
# the scenario's `expect`:
#   - the first step with a saturated resource names expect.resource (headroom: no step does),
#   - that step is expect.step, give or take one step,
#   - every step in expect.none-steps reports "none",
#   - the service died during the run (run-scenario.sh's service-exit.txt) exactly when the
#     scenario says expect.target-dies: a heap-death run whose JVM survived did not reproduce it.
# A scenario that does not match runs once more (RETRIES=N, default 1: timed runs on a shared
# machine); the verdict then reads "pass on try 2 (try 1: FAIL: …)" and the first run's folder
# stays beside the second as <name>.try-1.
# Prints the table (scenario · expected · reported · step · onset · verdict), writes it to
# <matrix folder>/matrix.md, exits 1 on any mismatch.
#
#   examples/verify-scenarios.sh [--ci] [--out DIR] [--drive hey-script|stairs] [scenario…]
#     --ci       CI-sized steps; without scenario names, the scenarios in examples/ci-scenarios.txt
#     --out DIR  matrix folder (default runs/matrix-<timestamp>); one run folder per scenario in it
#     --drive    who drives the load: stairs (default: the built-in engine) or hey-script
#     scenario…  names from examples/scenarios (default: all of them, or the CI list with --ci)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
examples=$root/examples
scenarios_dir=$examples/scenarios
ci_list=$examples/ci-scenarios.txt

usage() { sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; }
die_usage() { echo "verify-scenarios.sh: $*" >&2; usage; exit 2; }

ci="" out="" drive=() names=()
while (($#)); do
  case "$1" in
    --ci) ci=--ci; shift ;;
    --out) [[ $# -ge 2 ]] || die_usage "--out needs a folder"; out=$2; shift 2 ;;
    --drive) [[ $# -ge 2 ]] || die_usage "--drive needs hey-script or stairs"; drive=(--drive "$2"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) die_usage "unknown option '$1'" ;;
    *) [[ -f $scenarios_dir/$1.yaml ]] || die_usage "unknown scenario '$1' (no $scenarios_dir/$1.yaml)"
       names+=("$1"); shift ;;
  esac
done
if ((${#names[@]} == 0)); then
  if [[ -n $ci ]]; then
    # One name per line; '#' starts a comment (excluded scenarios are listed there with why).
    mapfile -t names < <(sed 's/#.*//; s/[[:space:]]//g; /^$/d' "$ci_list")
    if ((${#names[@]} == 0)); then
      echo "verify-scenarios.sh: $ci_list lists no scenario (every one is excluded there, with why); nothing to verify" >&2
      exit 0
    fi
    for n in "${names[@]}"; do
      [[ -f $scenarios_dir/$n.yaml ]] || { echo "verify-scenarios.sh: $ci_list names '$n', which has no $scenarios_dir/$n.yaml" >&2; exit 2; }
    done
  else
    mapfile -t names < <(cd "$scenarios_dir" && ls -1 ./*.yaml | sed 's|^\./||; s|\.yaml$||' | LC_ALL=C sort)
  fi
fi
command -v yq >/dev/null || { echo "verify-scenarios.sh: needs yq (apt-get install yq)" >&2; exit 2; }
# A scenario's run folder is its name: listed twice, the second run would find the first one's
# folder taken and be judged on the first one's report.
twice=$(printf '%s\n' "${names[@]}" | sort | uniq -d | tr '\n' ' ')
[[ -z $twice ]] || { echo "verify-scenarios.sh: listed more than once: $twice(each scenario runs once per matrix; run the matrix again instead)" >&2; exit 2; }

out=${out:-$root/runs/matrix-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
table=$out/matrix.md
# The matrix's services use their own schema (Spring reads MARKET_DB_SCHEMA as market.db.schema):
# demos and other runs on the default "market" schema, starting at the same time, would race its
# first fill, and slow-query's dropped index must not be recreated under it by another service.
export MARKET_DB_SCHEMA=${MARKET_DB_SCHEMA:-chokepoint_matrix}
log() { echo "[verify-scenarios $(date +%T)] $*" >&2; }

# judge <scenario.yaml> <run folder>: prints "expected|reported|step|onset|verdict" — the collector's
# own check (chokepoint check), the same judge as the recorded-run tests.
chokepoint_jar=$root/collector/target/chokepoint.jar
judge() {
  java -jar "$chokepoint_jar" check --expect "$1" "$2" || true
}

{
  echo "| scenario | expected | reported (rule) | step | onset | verdict |"
  echo "|---|---|---|---|---|---|"
} >"$table"
# busy_percent: the host's CPU busy share over the next 2 s, in per cent (/proc/stat, steal counted as busy).
busy_percent() {
  local a b
  a=($(head -1 /proc/stat)); sleep 2; b=($(head -1 /proc/stat))
  local idle=$(( (b[4] + b[5]) - (a[4] + a[5]) )) total=0 i
  for i in 1 2 3 4 5 6 7 8; do total=$(( total + b[i] - a[i] )); done
  echo $(( total > 0 ? 100 * (total - idle) / total : 0 ))
}
# The scenarios are sized for a quiet 2-core machine: a neighbour still busy (a build's JVMs
# exiting, a service left behind by an earlier step) takes the cores a CPU-bound scenario needs
# and its run reads "starved", not "saturated". Wait for the host to settle (at most 90 s), and
# say who was busy when it does not. At most 5 min over the whole matrix: a neighbour that never
# goes away must not add 90 s to every scenario.
quiet_wait_left=300
await_quiet_host() {
  local waited=0 busy
  while busy=$(busy_percent); ((busy > QUIET_BUSY_PERCENT && waited < 90 && quiet_wait_left > 0)); do
    waited=$((waited + 2)) quiet_wait_left=$((quiet_wait_left - 2))
  done
  if ((busy > QUIET_BUSY_PERCENT)); then
    log "the host is still ${busy} % busy after ${waited} s of waiting; running anyway. Busiest processes:"
    top -b -c -n 2 -d 1 -o %CPU -w 200 | awk '/^top -/ {n++} n == 2' | sed -n '7,12p' >&2
  elif ((waited > 0)); then
    log "waited ${waited} s for the host to settle (${busy} % busy)"
  fi
}
QUIET_BUSY_PERCENT=${QUIET_BUSY_PERCENT:-25}

# Why a run failed, into the log (CI keeps only the log, not the run folders): the report's headline
# and steps, each rule's margin at the expected step, and how the scrapes went.
explain_failure() {
  local run=$1 step=$2
  [[ -s $run/report.md ]] || return 0
  {
    echo "---- $run: report headline and steps"
    head -1 "$run/report.md"
    sed -n '/^| step | offered/,/^$/p' "$run/report.md"
    echo "---- rule margins at step $step (chokepoint margins)"
    java -jar "$chokepoint_jar" margins "$run" 2>&1 | grep -E "^\| $step \|" || true
    echo "---- scrape events: $(grep -c '"kind":"FAILED"' "$run/events.jsonl" 2>/dev/null || true) failed," \
         "$(grep -c '"kind":"SLOW"' "$run/events.jsonl" 2>/dev/null || true) slow; engine: $(cut -d, -f1,4,6,7 "$run/steps.csv" 2>/dev/null | tr '\n' ' ')"
  } >&2
}

# One scenario run, judged: sets row ("expected|reported|step|onset|verdict").
attempt() {
  local name=$1 run=$2 status=0
  if [[ -e $run/samples.gz || -e $run/report.json ]]; then
    # The collector refuses a folder that holds a run: its old report must not be judged as this one's.
    row="$(yq -r '.expect.resource' "$scenarios_dir/$name.yaml")|-|-|-|FAIL: $run already holds an earlier run; use another --out folder or remove it"
    return
  fi
  await_quiet_host
  log "$name: running (folder $run)"
  bash "$examples/run-scenario.sh" "$name" $ci "${drive[@]}" --out "$run" >"$run.log" 2>&1 || status=$?
  if [[ -s $run/report.json ]]; then
    row=$(judge "$scenarios_dir/$name.yaml" "$run")
  else
    row="$(yq -r '.expect.resource + (if .expect.step then " @" + (.expect.step | tostring) else "" end)' "$scenarios_dir/$name.yaml")|-|-|-|FAIL: no report.json (run-scenario.sh exit $status; see $run.log)"
  fi
  [[ $row == *"|pass" ]] || explain_failure "$run" "$(yq -r '.expect.step // 1' "$scenarios_dir/$name.yaml")"
  local dies
  dies=$(yq -r '.expect["target-dies"] // false' "$scenarios_dir/$name.yaml")
  if [[ $row == *"|pass" && $dies == true && ! -f $run/service-exit.txt ]]; then
    row="${row%|pass}|FAIL: the service did not die (expect.target-dies)"
  elif [[ $row == *"|pass" && $dies != true && -f $run/service-exit.txt ]]; then
    row="${row%|pass}|FAIL: the service died during the run ($(head -1 "$run/service-exit.txt"))"
  fi
}

# A failed scenario runs once more (RETRIES, default 1): these are timed runs on a shared machine,
# and a single noisy run should not hide the rest. The table keeps the first failure in the
# verdict ("pass on try 2 (try 1: FAIL: ...)") and its run folder as <name>.try-1.
RETRIES=${RETRIES:-1}
failures=0 started=$SECONDS
for name in "${names[@]}"; do
  run=$out/$name
  t0=$SECONDS
  attempt "$name" "$run"
  tries=1 earlier=""
  while [[ $row != *"|pass" ]] && ((tries <= RETRIES)); do
    log "$name: ${row##*|}: running it once more (try $((tries + 1)); RETRIES=$RETRIES)"
    rm -rf "$run.try-$tries" && mv "$run" "$run.try-$tries" && mv "$run.log" "$run.try-$tries.log"
    verdict=${row##*|}
    earlier="$earlier (try $tries: ${verdict//"$run.log"/"$run.try-$tries.log"})"
    tries=$((tries + 1))
    attempt "$name" "$run"
  done
  if [[ $row == *"|pass" && -n $earlier ]]; then
    row="${row%|pass}|pass on try $tries$earlier"
  elif [[ -n $earlier ]]; then
    row="$row$earlier"
  fi
  [[ ${row##*|} == pass* ]] || failures=$((failures + 1))
  echo "| $name | ${row//|/ | } |" >>"$table"
  log "$name: ${row##*|} ($((SECONDS - t0)) s)"
done
{
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC') · $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)," \
       "load average $(cut -d' ' -f1-3 /proc/loadavg) · \`examples/verify-scenarios.sh $ci ${names[*]}\`" \
       "· $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"
} >>"$table"
cat "$table"
if ((failures)); then
  echo "verify-scenarios.sh: $failures of ${#names[@]} scenarios do not match their expect; run folders in $out" >&2
  exit 1
fi
