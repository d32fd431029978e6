#!/usr/bin/env bash
# Start-up time the agent adds: a trivial main run N times without and with -javaagent,
# alternating so that machine load hits both alike; prints each pair and the medians.
# Usage: agent/bench/startup-time.sh [runs=11] [java=java]   (after mvn -pl agent package)
set -euo pipefail
runs=${1:-11}
java=${2:-java}
jar="$(cd "$(dirname "$0")/.." && pwd)/target/chokepoint-agent.jar"
[ -f "$jar" ] || { echo "no $jar; build it with: mvn -pl agent -am package -DskipTests" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' > "$work/Hello.java"
javac -d "$work" "$work/Hello.java"

millis() { local start=$(date +%s%N); "$@" >/dev/null 2>&1; echo $(( ($(date +%s%N) - start) / 1000000 )); }
median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

: > "$work/without"; : > "$work/with"
for _ in $(seq "$runs"); do
  a=$(millis "$java" -cp "$work" Hello); echo "$a" >> "$work/without"
  b=$(millis "$java" "-javaagent:$jar=port=0" -cp "$work" Hello); echo "$b" >> "$work/with"
  echo "without ${a} ms   with ${b} ms"
done
without=$(median < "$work/without"); with=$(median < "$work/with")
echo "median without ${without} ms, with ${with} ms, added $(( ${with%.*} - ${without%.*} )) ms, ratio $(awk "BEGIN {printf \"%.1f\", $with / $without}")"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); agent jar: $(du -k "$jar" | cut -f1) KiB"
