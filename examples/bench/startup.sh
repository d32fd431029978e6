#!/usr/bin/env bash
# Start-up cost of the agent (not a test): a service launched N times without an agent and with
# each agent jar given, alternating (the order rotates each round, so drifting machine load hits
# all alike). Per start, at the moment the first request is answered:
#   wall s     launch → first answered request (fast: /hello, market: /actuator/health)
#   cpu s      the JVM's CPU until then (/proc/PID/stat utime+stime, all threads): what the
#              agent makes the machine do before the service serves, and far less disturbed by
#              the neighbours' load than the wall time; the main figure on a shared machine
#   cpu+S s    with --settle S: the JVM's CPU S seconds after the first answer, idle meanwhile
#              (what the agent defers past the first answer, e.g. JFR's start, shows here)
#   by thread  the CPU at the first answer split by thread (/proc/PID/task/*/stat): main (the
#              "java" thread: premain and the application's main), jit (C1 and C2 compiler
#              threads), gc, agent (threads named chokepoint*), other, and ended (threads gone by
#              then: short-lived agent threads, compiler threads the JVM retired)
# Prints each start, then per configuration the median, min–max and the median's difference to
# no agent, with the load average at the start and the end.
#
#   examples/bench/startup.sh [--service fast|market] [--rounds N] [--settle S] [--out DIR]
#                             [--agent-args ARGS] [agent jar …]
# Default jar: agent/target/chokepoint-agent.jar; give several to compare a change with the jar
# before it (each is copied first, so a rebuild during the run changes nothing).
# --agent-args: what follows "=" in -javaagent: (default port=0); --java-opts: more JVM options
# for every configuration (e.g. -Xlog:class+load:file=…).
set -euo pipefail
# One block, parsed before it runs, so that editing this file during a run cannot change it (see overhead.sh).
{

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
service=fast rounds=5 settle=0 out="" agent_args=port=0 java_opts="" jars=()
while (($#)); do
  case "$1" in
    --service) service=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --settle) settle=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --agent-args) agent_args=$2; shift 2 ;;
    --java-opts) java_opts=$2; shift 2 ;;
    -h|--help) sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "startup.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) jars+=("$1"); shift ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "startup.sh: --rounds must be a positive whole number, got '$rounds'" >&2; exit 2; }
[[ $settle =~ ^[0-9]+$ ]] || { echo "startup.sh: --settle must be a whole number of seconds, got '$settle'" >&2; exit 2; }
((${#jars[@]})) || jars=("$root/agent/target/chokepoint-agent.jar")
# shellcheck source=examples/bench/service-process.sh
source "$root/examples/bench/service-process.sh"
define_service "$service" chokepoint_startup \
  || { echo "startup.sh: --service must be fast or market, got '$service'" >&2; exit 2; }
for jar in "${jars[@]}" "$service_jar"; do
  [[ -f $jar ]] || { echo "startup.sh: no $jar; build with: mvn -B -ntp -q -DskipTests package" >&2; exit 2; }
done
out=${out:-$root/runs/startup-$service-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cp "$service_jar" "$out/"
configs=(none)
for i in "${!jars[@]}"; do
  cp "${jars[$i]}" "$out/agent$i.jar"
  configs+=("agent$i")
done

ticks_per_second=$(getconf CLK_TCK)
cpu_seconds() { awk -v t="$ticks_per_second" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$1/stat"; }
answered() { curl -sf -o /dev/null --max-time 2 "$1"; }
load_average() { cut -d' ' -f1-3 /proc/loadavg; }

results=$out/results.tsv
echo -e "round\tconfig\twall_s\tcpu_s\tcpu_settled_s\tload1\tmain_s\tjit_s\tgc_s\tagent_s\tother_s\tended_s" >"$results"
# CPU seconds by thread group, then what ended threads took: "main jit gc agent other ended".
cpu_by_thread() { # pid, total cpu s
  for task in /proc/"$1"/task/*; do
    cat "$task/stat" 2>/dev/null
    echo
  done | awk -v t="$ticks_per_second" -v total="$2" '
    /^[0-9]/ {
      name = $0; sub(/^[0-9]+ \(/, "", name); sub(/\) .*/, "", name)
      rest = $0; sub(/.*\) /, "", rest); split(rest, f, " ")   # f[1] = state, f[12] utime, f[13] stime
      g = name == "java" ? "main" : name ~ /^C[12] CompilerThre/ ? "jit" : name ~ /^(GC |G1 )/ ? "gc" \
        : name ~ /^chokepoint/ ? "agent" : "other"
      s[g] += (f[12] + f[13]) / t; sum += (f[12] + f[13]) / t
    }
    END { printf "%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f", s["main"], s["jit"], s["gc"], s["agent"], s["other"], total - sum }'
}
start_once() { # round, config
  local round=$1 config=$2 dir=$out/$1-$2 javaagent=""
  mkdir -p "$dir"
  [[ $config == none ]] || javaagent="-javaagent:$out/$config.jar=$agent_args"
  local port_file=$dir/service.port start
  start=$(date +%s%N)
  # shellcheck disable=SC2086 # java_opts and launch_args hold several options
  java -Xmx512m $javaagent $java_opts $(launch_args "$port_file" "$out") >"$dir/service.log" 2>&1 &
  service_pid=$!
  local deadline=$((SECONDS + 120))
  until [[ -s $port_file ]] && answered "http://127.0.0.1:$(cat "$port_file")$url_ready"; do
    kill -0 "$service_pid" 2>/dev/null || { echo "startup.sh: the service ($config) exited; see $dir/service.log" >&2; exit 1; }
    ((SECONDS < deadline)) || { echo "startup.sh: the service ($config) did not answer in 120 s; see $dir/service.log" >&2; exit 1; }
    sleep 0.01
  done
  local end cpu settled=- threads
  end=$(date +%s%N)
  cpu=$(cpu_seconds "$service_pid")
  threads=$(cpu_by_thread "$service_pid" "$cpu")
  if ((settle > 0)); then
    sleep "$settle"
    settled=$(cpu_seconds "$service_pid")
  fi
  stop_service
  local wall
  wall=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", (e - s) / 1e9 }')
  echo -e "$round\t$config\t$wall\t$cpu\t$settled\t$(cut -d' ' -f1 /proc/loadavg)\t$threads" >>"$results"
  echo "[startup $(date +%T)] round $round $config: wall $wall s, cpu $cpu s$( ((settle > 0)) && echo ", cpu +${settle}s $settled s"), load $(cut -d' ' -f1 /proc/loadavg)" >&2
}

load_before=$(load_average)
echo "[startup $(date +%T)] $service service, $rounds rounds, results in $out, load average $load_before" >&2
for round in $(seq 1 "$rounds"); do
  for i in "${!configs[@]}"; do
    start_once "$round" "${configs[$(( (i + round - 1) % ${#configs[@]} ))]}"
  done
done

report=$out/startup.md
awk -F'\t' -v settle="$settle" '
  NR == 1 { next }
  { n[$2]++; wall[$2, n[$2]] = $3; cpu[$2, n[$2]] = $4; settled[$2, n[$2]] = $5; if (!seen[$2]++) order[++configs] = $2
    for (g = 1; g <= 6; g++) part[g][$2, n[$2]] = $(6 + g) }
  function median(arr, c,   k, m, a, j, t) {
    m = n[c]; for (k = 1; k <= m; k++) a[k] = arr[c, k] + 0
    for (k = 2; k <= m; k++) { t = a[k]; for (j = k - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  function spread(arr, c,   k, lo, hi) {
    lo = hi = arr[c, 1] + 0
    for (k = 2; k <= n[c]; k++) { if (arr[c, k] < lo) lo = arr[c, k] + 0; if (arr[c, k] > hi) hi = arr[c, k] + 0 }
    return sprintf("%.2f–%.2f", lo, hi)
  }
  function cell(arr, c,   m) {
    m = median(arr, c)
    return c == "none" ? sprintf("%.2f (%s)", m, spread(arr, c)) \
                       : sprintf("%.2f (%s) %+.2f", m, spread(arr, c), m - median(arr, "none"))
  }
  END {
    printf "| configuration (median of %d, min–max, Δ median vs none) | wall s | CPU s |%s\n", n["none"], settle ? " CPU s +" settle " s |" : ""
    printf "|---|---|---|%s\n", settle ? "---|" : ""
    for (i = 1; i <= configs; i++) {
      c = order[i]
      printf "| %s | %s | %s |%s\n", c, cell(wall, c), cell(cpu, c), settle ? " " cell(settled, c) " |" : ""
    }
    printf "\n| CPU s at the first answer by thread (median) | main | jit | gc | agent | other | ended |\n|---|---|---|---|---|---|---|\n"
    for (i = 1; i <= configs; i++) {
      c = order[i]; line = "| " c
      for (g = 1; g <= 6; g++) line = line sprintf(" | %.2f", median(part[g], c))
      print line " |"
    }
  }' "$results" >"$report"
{
  echo
  for i in "${!jars[@]}"; do echo "agent$i = ${jars[$i]} (-javaagent:…=$agent_args)"; done
  echo "$(date -u '+%Y-%m-%d %H:%M UTC') · $(nproc) cores · $(java -version 2>&1 | head -1) · load average" \
       "$load_before at the start, $(load_average) at the end ·" \
       "\`examples/bench/startup.sh --service $service --rounds $rounds --settle $settle\`"
} >>"$report"
cat "$report"
exit
}
