#!/usr/bin/env bash
# JFR's own price inside one JVM (not a test): the fast service (examples/fast-service) without
# the agent, /select saturated by hey -c C in D-second phases that alternate between no recording
# and a JFR recording started and stopped with jcmd, N pairs, the order swapped every pair. Each
# JVM settles into its own JIT "mode" at launch (docs/overhead.md, "measured once the JIT has settled"), which makes
# comparisons across JVM launches move by ±5 %; two phases of one JVM share that mode, so this
# prices what the wait probe asks of JFR (timing every park, monitor enter, socket and file
# operation, writing the events above the threshold with their stacks) without the agent's code.
# The probe's consumer thread (parsing, counting) is not included: thread-cpu.sh prices that.
#
#   examples/bench/jfr-phases.sh [--events waits|waits-raised|sockets|FILE.jfc] [--pairs N]
#                                [--seconds D] [--warmup W] [--concurrency C]
#     waits         the wait probe's events at its defaults: jdk.JavaMonitorEnter and jdk.ThreadPark
#                   with stacks, jdk.SocketRead/Write and jdk.FileRead/Write, all at 1 ms (default)
#     waits-raised  the same with jdk.ThreadPark at 10 ms, where the probe keeps it under load
#                   (ParkThreshold) but for one second in ten
#     sockets       jdk.SocketRead/Write at 1 ms only
#
# Prints each pair (rps without, with, ratio) and the median ratio of all pairs but the first (the
# first recording of a JVM initializes JFR: ≈ 0.5-0.6 of no recording in every run so far).
# Needs the fast service built (mvn -DskipTests package), hey and PostgreSQL (the README's setup).
{
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
events=waits pairs=12 seconds=8 warmup=40 concurrency=8
while [ $# -gt 0 ]; do
  case $1 in
    --events) events=$2; shift 2 ;;
    --pairs) pairs=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    *) echo "jfr-phases.sh: unknown option '$1' (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
for n in "$pairs" "$seconds" "$warmup" "$concurrency"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "jfr-phases.sh: '$n' is not a positive whole number" >&2; exit 2; }
done
jar=$root/examples/fast-service/target/fast-service.jar
[ -f "$jar" ] || { echo "jfr-phases.sh: $jar is missing: run mvn -DskipTests package first" >&2; exit 2; }
command -v hey > /dev/null || { echo "jfr-phases.sh: hey is missing: run examples/setup/install-tools.sh" >&2; exit 2; }
dir=$(mktemp -d)

event() { # name, stack (true|false), threshold
  echo "  <event name=\"$1\"><setting name=\"enabled\">true</setting><setting name=\"stackTrace\">$2</setting><setting name=\"threshold\">$3</setting></event>"
}
settings=$dir/events.jfc
case $events in
  waits|waits-raised|sockets)
    park=1; [ "$events" = waits-raised ] && park=10
    {
      echo '<?xml version="1.0" encoding="UTF-8"?>'
      echo '<configuration version="2.0">'
      if [ "$events" != sockets ]; then
        event jdk.JavaMonitorEnter true "1 ms"
        event jdk.ThreadPark true "$park ms"
        event jdk.FileRead false "1 ms"
        event jdk.FileWrite false "1 ms"
      fi
      event jdk.SocketRead false "1 ms"
      event jdk.SocketWrite false "1 ms"
      echo '</configuration>'
    } > "$settings" ;;
  *.jfc)
    [ -f "$events" ] || { echo "jfr-phases.sh: --events $events: no such file" >&2; exit 2; }
    cp "$events" "$settings" ;;
  *) echo "jfr-phases.sh: --events must be waits, waits-raised, sockets or a .jfc file, got '$events'" >&2; exit 2 ;;
esac

pid=""
stop() { [ -z "$pid" ] || { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; rm -rf "$dir"; }
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
java -Xmx512m -Dfast.port=0 -Dfast.port-file="$dir/port" -jar "$jar" > "$dir/service.log" 2>&1 &
pid=$!
for _ in $(seq 1 150); do [ -s "$dir/port" ] && break; sleep 0.2; done
[ -s "$dir/port" ] || { echo "jfr-phases.sh: the service did not start; its log:" >&2; cat "$dir/service.log" >&2; exit 1; }
url=http://127.0.0.1:$(cat "$dir/port")/select
hey -c "$concurrency" -z "${warmup}s" "$url" > /dev/null

phase() { hey -c "$concurrency" -z "${seconds}s" "$url" | awk '/Requests\/sec/ { print $2 }'; }
recorded() {
  jcmd "$pid" JFR.start name=jfr-phases settings="$settings" > /dev/null
  sleep 3 # past the recording's start (JFR retransforms and the JIT recompiles), as an agent's recording is
  phase
  jcmd "$pid" JFR.stop name=jfr-phases > /dev/null
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) · events: $events · hey -c $concurrency, ${seconds} s phases"
ratios=()
for p in $(seq 1 "$pairs"); do
  if (( p % 2 )); then without=$(phase); with=$(recorded); else with=$(recorded); sleep 1; without=$(phase); fi
  ratio=$(awk -v a="$without" -v b="$with" 'BEGIN { printf "%.3f", b / a }')
  echo "pair $p: without $without rps, with $with rps, ratio $ratio"
  (( p == 1 )) || ratios+=("$ratio")
done
if [ ${#ratios[@]} -gt 0 ]; then
  printf '%s\n' "${ratios[@]}" | sort -n | awk '{ r[NR] = $1 } END {
    m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
    printf "median ratio (with / without) of pairs 2-%d: %.3f (min %.3f, max %.3f)\n", NR + 1, m, r[1], r[NR] }'
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit
}
