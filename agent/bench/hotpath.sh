#!/usr/bin/env bash
# The agent's per-request cost, in isolation: JMH benchmarks of the request helpers, a SELECT through
# the JDBC proxies and a HikariCP borrow through the tracker, each with the probe off and on, in ns
# per operation (JMH's score, wall time), process CPU ns per operation (cpu.time.norm) and bytes
# allocated per operation (gc.alloc.rate.norm). Allocation is deterministic; wall ns move with the
# machine's load (printed before and after), CPU ns much less.
# Usage: agent/bench/hotpath.sh [JMH options…]   e.g.  agent/bench/hotpath.sh RequestBench -p uri=path
#   default: every benchmark; results also in agent/bench/jmh/target/hotpath.json
# MVN_FLAGS="-o" for an offline build; SKIP_BUILD=1 to run what was built last.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
module="$root/agent/bench/jmh"
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  (cd "$root" && mvn -B -ntp -q ${MVN_FLAGS:-} -pl agent/bench/jmh -am -DskipTests package)
fi
cp="$module/target/classes:$(cat "$module/target/bench.classpath")"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "$cp" org.openjdk.jmh.Main -rf json -rff "$module/target/hotpath.json" \
  -prof gc -prof dev.chokepoint.agent.bench.CpuTimeProfiler "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg) · $(nproc) cores · $(java -version 2>&1 | head -1)"
