#!/usr/bin/env bash
# Start-up time the agent adds to a Spring Boot service: examples/market-service (PostgreSQL at
# 127.0.0.1:5432, its own schema) started N times without an agent and with each agent jar given,
# alternating so that machine load hits all alike. Two figures per start: the wall time from
# launch to the port file (context up, Tomcat listening), as examples/bench/overhead.sh has it,
# and the CPU time the JVM used until then (/proc/PID/stat utime+stime, all threads), which a
# loaded machine disturbs far less than the wall time. Prints each round and the medians.
# Usage: agent/bench/service-startup.sh [runs=7] [agent jar…=agent/target/chokepoint-agent.jar]
#   (after mvn -pl agent,examples/market-service -am install -DskipTests; give two jars to
#   compare a change with the jar before it)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-7}
shift || true
agents=("$@")
((${#agents[@]})) || agents=("$root/agent/target/chokepoint-agent.jar")
service=$root/examples/market-service/target/market-service.jar
for jar in "${agents[@]}" "$service"; do
  [[ -f $jar ]] || { echo "no $jar; build it with: mvn -pl agent,examples/market-service -am install -DskipTests" >&2; exit 2; }
done
work=$(mktemp -d)
# Copies: a rebuild during the runs must not swap the jars under the running JVMs.
cp "$service" "$work/service.jar"
configs=(none)
for i in "${!agents[@]}"; do
  cp "${agents[$i]}" "$work/agent$i.jar"
  configs+=("agent$i")
done
pid=""
stop() { [[ -n $pid ]] || return 0; kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; }
trap 'stop; rm -rf "$work"' EXIT

ticks_per_second=$(getconf CLK_TCK)
start_once() { # config: launch the service, wait for its port file, stop it; appends wall and cpu ms
  local config=$1 agent_args=()
  [[ $config == none ]] || agent_args=("-javaagent:$work/$config.jar=port=0")
  rm -f "$work/port"
  local start=$(date +%s%N)
  java -Xmx512m "${agent_args[@]}" -Dmarket.port-file="$work/port" -jar "$work/service.jar" --server.port=0 \
    --market.db.schema=chokepoint_startup >"$work/service.log" 2>&1 &
  pid=$!
  until [[ -s $work/port ]]; do
    kill -0 "$pid" 2>/dev/null || { echo "the service ($config) exited; its log:" >&2; tail -20 "$work/service.log" >&2; exit 1; }
    sleep 0.02
  done
  local wall=$(( ($(date +%s%N) - start) / 1000000 ))
  local cpu=$(awk -v t="$ticks_per_second" '{ printf "%d", ($14 + $15) * 1000 / t }' "/proc/$pid/stat")
  stop
  echo "$wall" >> "$work/$config.wall"; echo "$cpu" >> "$work/$config.cpu"
  printf '%s %s ms (cpu %s ms)   ' "$config" "$wall" "$cpu"
}
median() { sort -n "$1" | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

for round in $(seq "$runs"); do
  # The order rotates each round, so that no configuration always starts first after a pause.
  for i in "${!configs[@]}"; do
    start_once "${configs[$(( (i + round) % ${#configs[@]} ))]}"
  done
  echo "load $(cut -d' ' -f1 /proc/loadavg)"
done
for i in "${!agents[@]}"; do
  echo "agent$i = ${agents[$i]}"
done
for kind in wall cpu; do
  base=$(median "$work/none.$kind")
  line="$kind medians ($runs rounds): none $base ms"
  for config in "${configs[@]:1}"; do
    m=$(median "$work/$config.$kind")
    line+=", $config $m ms (+$(awk "BEGIN {printf \"%d\", $m - $base}") ms, ×$(awk "BEGIN {printf \"%.2f\", $m / $base}"))"
  done
  echo "$line"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
