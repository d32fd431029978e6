#!/usr/bin/env bash
# CPU attribution benchmark (not a test): where the agent's cost per request goes, with
# async-profiler (Maven Central tools.profiler:async-profiler, linux-x64) on a service of the
# examples. Per configuration and round: the service starts, runs the sequence where overhead.sh
# saw the cost (B saturated 30 s; A and B together 60 s, so that the JIT compiles both routes;
# A 10 s; B 5 s), then async-profiler samples the process during D seconds of B saturated
# (hey -c 8). The process's CPU per request (/proc/PID/stat) is shared out by the samples: per
# thread group, and the agent's own frames on Tomcat's workers (java ProfileShares.java).
#   --service market (default, Spring Boot, profile cpu): A = /map/layers/districts (built and
#     compressed per request), B = /products?… (one PostgreSQL query)
#   --service fast (plain embedded Tomcat + HikariCP): A = /hello, B = /select (one SELECT)
#
#   examples/bench/cpu-profile.sh [--service market|fast] [--rounds N] [--seconds D]
#                                 [--config NAME=AGENT_OPTIONS]... [--out DIR]
#
# Configurations: "none" (no agent) and "agent" (every probe) by default; --config adds one with
# agent options (e.g. --config nowaits=probes=-waits); the order rotates each round. The profiler
# itself costs CPU alike in every configuration; compare configurations of one run, not runs.
set -euo pipefail
# One block, parsed before it runs, so that editing this file during a run cannot change it (see overhead.sh).
{
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bench=$root/examples/bench
service=market rounds=2 seconds=15 out=""
declare -A options=([none]="" [agent]="port=0")
configs=(none agent)
while (($#)); do
  case "$1" in
    --service) service=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --config)
      [[ $2 == ?*=?* ]] || { echo "cpu-profile.sh: --config needs NAME=AGENT_OPTIONS, got '$2'" >&2; exit 2; }
      options[${2%%=*}]="port=0,${2#*=}"; configs+=("${2%%=*}"); shift 2 ;;
    -h|--help) sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "cpu-profile.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for n in rounds seconds; do
  [[ ${!n} =~ ^[1-9][0-9]*$ ]] || { echo "cpu-profile.sh: --$n must be a positive whole number, got '${!n}'" >&2; exit 2; }
done
# shellcheck source=examples/bench/service-process.sh
source "$bench/service-process.sh"
define_service "$service" chokepoint_bench \
  || { echo "cpu-profile.sh: --service must be market or fast, got '$service'" >&2; exit 2; }
out=${out:-$root/runs/cpu-profile-$service-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
log() { echo "[cpu-profile $(date +%T)] $*" >&2; }
agent_jar=$root/agent/target/chokepoint-agent.jar
for jar in "$service_jar" "$agent_jar"; do
  [[ -f $jar ]] || { echo "cpu-profile.sh: no $jar; build it with: mvn -B -ntp -DskipTests package -pl agent,$service_module -am" >&2; exit 2; }
done
# Copies: a rebuild during the benchmark must not swap the jars under the running JVMs.
cp "$agent_jar" "$service_jar" "$out/"
profiler=$out/linux-x64/libasyncProfiler.so
if [[ ! -f $profiler ]]; then
  (cd "$out" && mvn -B -ntp -q dependency:copy -Dartifact=tools.profiler:async-profiler:4.1:jar:linux-x64 \
    -DoutputDirectory="$out" && unzip -q -o async-profiler-4.1-linux-x64.jar 'linux-x64/*') >"$out/mvn.log" 2>&1 \
    || { echo "cpu-profile.sh: could not fetch async-profiler 4.1 from Maven Central; see $out/mvn.log" >&2; exit 1; }
fi

# jcmd reads "key=value" as its own argument: the profiler's options go in quotes.
profiler_command() { jcmd "$1" JVMTI.agent_load "$profiler" "\"$2\"" >>"$3" 2>&1; }

one_run() { # round, config
  local dir=$out/$1-$2 agent=""
  mkdir -p "$dir"
  [[ $2 == none ]] || agent="-javaagent:$out/chokepoint-agent.jar=${options[$2]}"
  # shellcheck disable=SC2086,SC2046 # agent is one option or none, launch_args several
  java -Xmx512m $agent $(launch_args "$dir/service.port" "$out") >"$dir/service.log" 2>&1 &
  service_pid=$!
  local deadline=$((SECONDS + 240))
  until [[ -s $dir/service.port ]] && curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$(cat "$dir/service.port")$url_ready"; do
    kill -0 "$service_pid" 2>/dev/null || { echo "cpu-profile.sh: the service ($2) exited; see $dir/service.log" >&2; exit 1; }
    ((SECONDS < deadline)) || { echo "cpu-profile.sh: the service ($2) did not answer in 240 s; see $dir/service.log" >&2; exit 1; }
    sleep 0.1
  done
  local base=http://127.0.0.1:$(cat "$dir/service.port")
  hey -z 30s -c 8 "$base$url_b" >/dev/null
  hey -z 60s -c 2 "$base$url_a" >/dev/null & local a_pid=$!
  hey -z 60s -c 8 "$base$url_b" >/dev/null
  wait "$a_pid"
  hey -z 10s -c 8 "$base$url_a" >/dev/null
  hey -z 5s -c 8 "$base$url_b" >/dev/null
  profiler_command "$service_pid" "start,event=itimer,interval=1ms,threads,collapsed,file=$dir/profile.collapsed" "$dir/profiler.log"
  local t0 t1
  t0=$(cpu_ticks "$service_pid")
  hey -z "${seconds}s" -c 8 "$base$url_b" >"$dir/b.txt"
  t1=$(cpu_ticks "$service_pid")
  profiler_command "$service_pid" "stop,file=$dir/profile.collapsed,collapsed" "$dir/profiler.log"
  stop_service
  [[ -s $dir/profile.collapsed ]] || { echo "cpu-profile.sh: async-profiler wrote no profile; see $dir/profiler.log and $dir/service.log" >&2; exit 1; }
  local requests us
  requests=$(hey_requests "$dir/b.txt")
  us=$(awk -v t=$((t1 - t0)) -v hz="$(getconf CLK_TCK)" -v n="$requests" 'BEGIN { printf "%.1f", t / hz * 1e6 / n }')
  java "$bench/ProfileShares.java" "$dir/profile.collapsed" "$us" >"$dir/shares.txt"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$(awk -v n="$requests" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }')" "$us" \
    "$(awk '/-exec/ { s += $NF } END { printf "%.1f", s }' "$dir/shares.txt")" \
    "$(awk '/^GC Thread/ { s += $NF } END { printf "%.1f", s }' "$dir/shares.txt")" \
    "$(awk '/^chokepoint-waits/ { s += $NF } END { printf "%.1f", s }' "$dir/shares.txt")" \
    "$(awk '/^agent.s own work/ { print $NF }' "$dir/shares.txt")" >>"$out/results.tsv"
}

echo -e "round\tconfig\trps\tcpu_us_per_req\tworkers_us\tgc_us\twaits_thread_us\tagent_frames_on_workers_us" >"$out/results.tsv"
for round in $(seq 1 "$rounds"); do
  n=${#configs[@]}
  for i in $(seq 0 $((n - 1))); do
    config=${configs[$(((i + round - 1) % n))]}
    log "round $round: $config"
    one_run "$round" "$config"
  done
done
column -t "$out/results.tsv"
log "per run: $out/<round>-<config>/shares.txt (thread groups, the agent's frames)"
exit
}
