#!/usr/bin/env bash
# Per-thread CPU benchmark (not a test): where a configuration's CPU goes, by thread, on the fast
# service (examples/fast-service: plain embedded Tomcat + HikariCP + PostgreSQL) saturated on
# /select (or --path P) by hey -c 20. The service starts with the given agent options (or without the agent),
# is warmed up for W seconds, then every thread's utime+stime (/proc/PID/task/*/stat) is read
# before and after D seconds of load; threads are grouped by name with digits folded
# (http-nio-auto-N: Tomcat's workers; C2/C1 CompilerThreadN: the JIT; chokepoint-waits: the JFR
# wait consumer) and printed as CPU seconds and µs per request.
#
#   examples/bench/thread-cpu.sh [--agent-options OPTS | --no-agent] [--agent JAR] [--warmup W] [--seconds D]
#                                [--path /hello|/select|/digest]
#
# Needs: the fast service and agent built (mvn -DskipTests package), hey, PostgreSQL (the README's
# setup). Compare configurations in alternating runs: one run's numbers move with the machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
agent=$root/agent/target/chokepoint-agent.jar
options=""
use_agent=1
warmup=40
seconds=20
path=/select
while [ $# -gt 0 ]; do
  case $1 in
    --agent-options) options=$2; shift 2 ;;
    --no-agent) use_agent=0; shift ;;
    --agent) agent=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --path) path=$2; shift 2 ;;
    *) echo "thread-cpu.sh: unknown option '$1' (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
jar=$root/examples/fast-service/target/fast-service.jar
[ -f "$jar" ] || { echo "thread-cpu.sh: $jar is missing: run mvn -DskipTests package first" >&2; exit 2; }
command -v hey > /dev/null || { echo "thread-cpu.sh: hey is missing: run examples/setup/install-tools.sh" >&2; exit 2; }
dir=$(mktemp -d)
java_args=()
if [ "$use_agent" = 1 ]; then
  java_args+=("-javaagent:$agent=port=0${options:+,$options}")
fi
java "${java_args[@]}" -Dfast.port=0 -Dfast.port-file="$dir/port" -jar "$jar" > "$dir/service.log" 2>&1 &
pid=$!
trap 'kill $pid 2> /dev/null || true' EXIT
for _ in $(seq 1 300); do [ -s "$dir/port" ] && break; sleep 0.2; done
[ -s "$dir/port" ] || { echo "thread-cpu.sh: the service did not start; its log: $dir/service.log" >&2; exit 1; }
url=http://127.0.0.1:$(cat "$dir/port")$path
snapshot() {
  # A thread may end between the listing and its reads (Tomcat retires idle workers): skip it.
  local task comm ticks
  for task in /proc/$pid/task/*; do
    comm=$(tr ' ' '_' 2> /dev/null < "$task/comm") && ticks=$(awk '{print $14 + $15}' "$task/stat" 2> /dev/null) \
      && echo "$(basename "$task") $comm $ticks"
  done
  return 0
}
hey -z "${warmup}s" -c 20 "$url" > /dev/null
snapshot > "$dir/before"
hey -z "${seconds}s" -c 20 "$url" > "$dir/hey.txt"
snapshot > "$dir/after"
python3 - "$dir" "$seconds" "$(getconf CLK_TCK)" "${use_agent}:${options}" <<'PY'
import collections, re, sys
folder, seconds, ticks, label = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
def read(name):
    return {tid: (comm, int(t)) for tid, comm, t in (line.split() for line in open(f"{folder}/{name}"))}
before, after = read("before"), read("after")
spent = collections.Counter()
for tid, (comm, t) in after.items():
    spent[re.sub(r"\d+", "N", comm)] += t - before.get(tid, (comm, 0))[1]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", open(f"{folder}/hey.txt").read()).group(1))
requests = rps * seconds
agent = "no agent" if label.startswith("0:") else "agent " + (label[2:] or "(default options)")
print(f"{agent}: {rps:.0f} rps, {sum(spent.values()) / ticks:.2f} CPU s in {seconds:.0f} s, "
      f"{sum(spent.values()) / ticks * 1e6 / requests:.0f} µs per request")
for name, t in spent.most_common(8):
    if t > 0:
        print(f"  {name:18s} {t / ticks:6.2f} s {t / ticks * 1e6 / requests:6.1f} µs/req")
PY
