#!/usr/bin/env bash
# Overhead benchmark (not a test): a service on this machine, alternating
#   none · chokepoint (-javaagent:agent/target/chokepoint-agent.jar) · otel (OpenTelemetry Java
#   agent 2.31.0, default configuration, its metrics served by its Prometheus exporter on a free
#   loopback port as Chokepoint serves its own, traces and logs exported nowhere: no network; with
#   --otel-metrics none its metrics are exported nowhere either, as in the tables before 2026-12-03 18:00)
# for several rounds (the configuration order rotates each round so that drifting machine load
# hits all alike), and prints the medians, the spread of "none" and the ratios to "none" and otel.
# Services (--service): market (default: Spring Boot, profile cpu; endpoints A = /map/layers/districts,
# built and compressed per request, B = /products?…, one PostgreSQL query) or fast
# (examples/fast-service, plain embedded Tomcat + HikariCP; A = /hello, B = /select, one SELECT,
# C = /digest, a fixed 1-2 ms of SHA-256: the CPU-bound endpoint).
#   startup      launch → first answered request (market: /actuator/health, fast: /hello), seconds
#   warm s       seconds from the first answer until B's throughput (3 s moving average, under
#                hey -c C) reaches 98 % of its warm saturated value below; W when it never does
#   warm req     requests B served in those first W seconds (--warmup W, default 30)
#   settled s    seconds from the first answer until the JIT compilers settled under load on A and
#                B (their threads used under 2 % of a core over 5 s), at most --settle S (default
#                150): everything below is measured only then, so that it prices the agent on a
#                compiled service, not which JVM finished compiling first (on a 2-core machine a
#                30 s warm-up left 0.1-0.3 ms of compiler CPU per request in the measured phases)
#   A/B(/C) max rps  hey -c C -z D on each endpoint, warm (C: fast service only, loaded in the
#                JIT settling too, measured after the CPU and allocation phases below)
#   p50/p99      hey at a fixed rate below saturation on B
#   cpu us/req   process utime+stime (/proc/PID/stat) over A's and B's max-rps phases / requests
#   KB/req       bytes allocated by the live threads (ThreadMXBean via JvmProbe.java) / requests
#   heap, non-heap, threads   after a full GC at the end of the round
#
#   --agent-options OPTS   more Chokepoint agent options after port=0 (e.g. probes=-waits, or
#                          waits.lock-threshold=10ms): price one probe or setting against the same baselines
#   --otel-metrics E       prometheus (default) or none: the OpenTelemetry agent's metrics exporter
#   --variant OPTS         a fourth configuration, "variant": Chokepoint with these options too, in
#                          the same rounds, so that every probe and e.g. probes=-waits share a run
#   --variant-jar JAR      the variant runs this agent jar (e.g. one built before a change, so the
#                          change is priced against the same baselines; with or without --variant)
#
#   examples/bench/overhead.sh [--service market|fast] [--rounds N] [--seconds D] [--warmup W]
#                              [--settle S] [--concurrency C] [--rate R] [--agent-options OPTS]
#                              [--otel-metrics prometheus|none] [--variant OPTS] [--variant-jar JAR]
#                              [--out DIR]
set -euo pipefail
# The whole script is one block, parsed before it runs: bash reads a script as it goes, so editing
# this file during a run (a 25-minute bench) would otherwise run whatever now sits at the offset.
{

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bench=$root/examples/bench
service=market rounds=3 seconds=10 warmup=30 settle=150 concurrency=8 rate=20 out="" agent_options="" variant="" variant_jar="" otel_metrics=prometheus
while (($#)); do
  case "$1" in
    --service) service=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --settle) settle=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --agent-options) agent_options=$2; shift 2 ;;
    --variant) variant=$2; shift 2 ;;
    --variant-jar) variant_jar=$2; shift 2 ;;
    --otel-metrics) otel_metrics=$2; shift 2 ;;
    -h|--help) sed -n '2,38p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "overhead.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $otel_metrics == prometheus || $otel_metrics == none ]] \
  || { echo "overhead.sh: --otel-metrics must be prometheus or none, got '$otel_metrics'" >&2; exit 2; }
[[ -z $variant_jar || -f $variant_jar ]] || { echo "overhead.sh: --variant-jar $variant_jar: no such file" >&2; exit 2; }
for n in rounds seconds warmup settle concurrency rate; do
  [[ ${!n} =~ ^[1-9][0-9]*$ ]] || { echo "overhead.sh: --$n must be a positive whole number, got '${!n}'" >&2; exit 2; }
done
# shellcheck source=examples/bench/service-process.sh
source "$bench/service-process.sh"
define_service "$service" chokepoint_bench \
  || { echo "overhead.sh: --service must be market or fast, got '$service'" >&2; exit 2; }
out=${out:-$root/runs/overhead-$service-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
log() { echo "[overhead $(date +%T)] $*" >&2; }

agent_jar=$root/agent/target/chokepoint-agent.jar
for jar in "$service_jar" "$agent_jar"; do
  [[ -f $jar ]] || { echo "overhead.sh: no $jar; build it with: mvn -B -ntp -DskipTests package -pl agent,$service_module -am" >&2; exit 2; }
done
otel_jar=$(otel_agent "$out") || { echo "overhead.sh: the OpenTelemetry agent is missing" >&2; exit 1; }
# Copies: a rebuild during the benchmark must not swap the jars under the running JVMs.
cp "$agent_jar" "$out/chokepoint-agent.jar"
[[ -z $variant_jar ]] || cp "$variant_jar" "$out/variant-agent.jar"
cp "$service_jar" "$out/"

declare -A agent_args=(
  [none]=""
  [chokepoint]="-javaagent:$out/chokepoint-agent.jar=port=0${agent_options:+,$agent_options}"
  [otel]="-javaagent:$otel_jar -Dotel.traces.exporter=none -Dotel.logs.exporter=none -Dotel.metrics.exporter=$otel_metrics"
)
configs=(none chokepoint otel)
if [[ -n $variant || -n $variant_jar ]]; then
  variant_agent=chokepoint-agent.jar
  [[ -z $variant_jar ]] || variant_agent=variant-agent.jar
  agent_args[variant]="-javaagent:$out/$variant_agent=port=0${variant:+,$variant}"
  configs+=(variant)
fi

alloc_total() { # bytes allocated by live threads since <snapshot file>; writes the new snapshot
  java "$bench/JvmProbe.java" "$1" alloc >"$2.new"
  awk -F= 'NR == FNR { before[$1] = $2; next } { total += $2 - before[$1] } END { printf "%d", total }' "$2" "$2.new"
  mv "$2.new" "$2"
}
hey_rps() { awk '/Requests\/sec:/ { print $2 }' "$1"; }
hey_pct() { # percentile (nearest rank) of hey -o csv response times, in ms; hey's own summary
  # prints "0% in 0.0000 secs" for percentiles it has too few samples for.
  awk -F, 'NR > 1 && $7 ~ /^[0-9]+$/ { print $1 * 1000 }' "$1" | sort -n \
    | awk -v p="$2" '{ v[NR] = $1 } END { if (NR == 0) { print "nan"; exit } r = int(NR * p / 100 + 0.999999); if (r < 1) r = 1; print v[r] }'
}
# Warm-up from hey -o csv (offset = seconds from the run's start to the request's): seconds until
# the 3 s moving average of completed requests per second reaches 98 % of <steady rps>, else <W>.
warm_seconds() { # csv, steady rps, W
  awk -F, -v steady="$2" -v w="$3" 'NR > 1 && $7 == 200 { n[int($8)]++ }
    END { for (t = 2; t < w; t++) if ((n[t - 2] + n[t - 1] + n[t]) / 3 >= 0.98 * steady) { print t + 1; exit } print w }' "$1"
}
answered() { curl -sf -o /dev/null --max-time 2 "$1"; }
compiler_ticks() { # CPU ticks of the JIT compiler threads (C1/C2 CompilerThread*)
  local total=0 task
  for task in /proc/"$1"/task/*; do
    [[ $(cat "$task/comm" 2>/dev/null) == C[12]\ Compiler* ]] && total=$((total + $(awk '{print $14 + $15}' "$task/stat")))
  done
  echo "$total"
}
# Load on A (2 workers) and B (C workers) in 5 s slices until the compiler threads used under 2 %
# of a core over a slice, or <limit> seconds from <since> (epoch ns); prints the seconds since <since>.
settle_jit() { # pid, base url, since, limit
  local before after slice_ticks=$((ticks_per_second * 5 / 50))
  before=$(compiler_ticks "$1")
  while :; do
    hey -z 5s -c 2 "$2$url_a" >/dev/null & local a_pid=$! c_pid=""
    if [[ -n $url_c ]]; then hey -z 5s -c 1 "$2$url_c" >/dev/null & c_pid=$!; fi
    hey -z 5s -c "$concurrency" "$2$url_b" >/dev/null
    wait "$a_pid" $c_pid
    after=$(compiler_ticks "$1")
    local elapsed=$(( ($(date +%s%N) - $3) / 1000000000 ))
    if ((after - before < slice_ticks || elapsed >= $4)); then echo "$elapsed"; return; fi
    before=$after
  done
}
ticks_per_second=$(getconf CLK_TCK)

results=$out/results.tsv
echo -e "round\tconfig\tstartup_s\twarm_s\twarm_req\tsettled_s\t${name_a}_rps\t${name_b}_rps\t${name_c:+${name_c}_rps\t}p50_ms\tp99_ms\tcpu_us_per_req\tkb_per_req\theap_mb\tnonheap_mb\tthreads" >"$results"

one_run() { # round, config
  local round=$1 config=$2 dir=$out/$1-$2
  mkdir -p "$dir"
  local port_file=$dir/service.port start args=${agent_args[$config]}
  [[ $config == otel && $otel_metrics == prometheus ]] \
    && args+=" -Dotel.exporter.prometheus.host=127.0.0.1 -Dotel.exporter.prometheus.port=$(free_port)"
  start=$(date +%s%N)
  # shellcheck disable=SC2086,SC2046 # args and launch_args hold several options
  java -Xmx512m $args $(launch_args "$port_file" "$out") >"$dir/service.log" 2>&1 &
  service_pid=$!
  local deadline=$((SECONDS + 240))
  until [[ -s $port_file ]] && answered "http://127.0.0.1:$(cat "$port_file")$url_ready"; do
    kill -0 "$service_pid" 2>/dev/null || { echo "overhead.sh: the service ($config) exited; see $dir/service.log" >&2; exit 1; }
    ((SECONDS < deadline)) || { echo "overhead.sh: the service ($config) did not answer in 240 s; see $dir/service.log" >&2; exit 1; }
    sleep 0.02
  done
  local startup answered_at
  answered_at=$(date +%s%N)
  startup=$(awk -v s="$start" -v e="$answered_at" 'BEGIN { printf "%.2f", (e - s) / 1e9 }')
  local base=http://127.0.0.1:$(cat "$port_file")
  # Warm-up, measured on B from the first answer on; then both until the JIT settled.
  hey -z "${warmup}s" -c "$concurrency" -o csv "$base$url_b" >"$dir/warm-b.csv"
  local settled
  settled=$(settle_jit "$service_pid" "$base" "$answered_at" "$settle")

  java "$bench/JvmProbe.java" "$service_pid" alloc >"$dir/alloc.snapshot"
  local ticks0 ticks1 alloc
  ticks0=$(cpu_ticks "$service_pid")
  hey -z "${seconds}s" -c "$concurrency" "$base$url_a" >"$dir/a.txt"
  hey -z "${seconds}s" -c "$concurrency" "$base$url_b" >"$dir/b.txt"
  ticks1=$(cpu_ticks "$service_pid")
  alloc=$(alloc_total "$service_pid" "$dir/alloc.snapshot")
  local requests=$(( $(hey_requests "$dir/a.txt") + $(hey_requests "$dir/b.txt") ))
  [[ -z $url_c ]] || hey -z "${seconds}s" -c "$concurrency" "$base$url_c" >"$dir/c.txt"

  # Fixed rate below saturation: 2 workers, each at rate/2 requests per second.
  hey -z "${seconds}s" -c 2 -q $((rate / 2)) -o csv "$base$url_b" >"$dir/fixed.csv"

  local footprint
  footprint=$(java "$bench/JvmProbe.java" "$service_pid" footprint)
  stop_service
  local rps_b
  rps_b=$(hey_rps "$dir/b.txt")
  awk -v r="$round" -v c="$config" -v st="$startup" -v ws="$(warm_seconds "$dir/warm-b.csv" "$rps_b" "$warmup")" \
      -v wr="$(awk -F, 'NR > 1 && $7 == 200 { n++ } END { print n + 0 }' "$dir/warm-b.csv")" -v ss="$settled" \
      -v cr="$(hey_rps "$dir/a.txt")" -v dr="$rps_b" -v er="${url_c:+$(hey_rps "$dir/c.txt")}" \
      -v p50="$(hey_pct "$dir/fixed.csv" 50)" -v p99="$(hey_pct "$dir/fixed.csv" 99)" \
      -v t=$((ticks1 - ticks0)) -v hz="$ticks_per_second" -v n="$requests" -v a="$alloc" -v f="$footprint" 'BEGIN {
        split(f, kv, "[ =]"); # heapUsed H nonHeapUsed N threads T
        printf "%s\t%s\t%s\t%s\t%d\t%d\t%.1f\t%.1f\t%s%.1f\t%.1f\t%.1f\t%.2f\t%.1f\t%.1f\t%d\n", r, c, st, ws, wr, ss, cr, dr,
          er == "" ? "" : sprintf("%.1f\t", er), p50, p99,
          t * 1e6 / hz / n, a / 1024 / n, kv[2] / 1048576, kv[4] / 1048576, kv[6] }' >>"$results"
  log "round $round $config: $(tail -1 "$results" | cut -f3-)"
}

log "$service service, results in $out (rounds $rounds, ${warmup} s warm-up, JIT settled within $settle s, $seconds s phases, concurrency $concurrency, fixed rate $rate rps)"
for round in $(seq 1 "$rounds"); do
  for i in "${!configs[@]}"; do
    one_run "$round" "${configs[$(( (i + round - 1) % ${#configs[@]} ))]}"
  done
done

# Medians per configuration and their ratio to "none".
report=$out/overhead.md
variant_label=$variant
[[ -z $variant_jar ]] || variant_label="$(basename "$variant_jar")${variant:+ $variant}"
awk -F'\t' -v variant="$variant_label" '
  NR == 1 { for (i = 3; i <= NF; i++) name[i] = $i; cols = NF; next }
  { n[$2]++; for (i = 3; i <= NF; i++) val[$2, i, n[$2]] = $i }
  function median(c, i,   k, m, a, j, t) {
    m = n[c]; for (k = 1; k <= m; k++) a[k] = val[c, i, k]
    for (k = 2; k <= m; k++) { t = a[k]; for (j = k - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  function spread(c, i,   k, lo, hi) {
    lo = hi = val[c, i, 1]
    for (k = 2; k <= n[c]; k++) { if (val[c, i, k] < lo) lo = val[c, i, k]; if (val[c, i, k] > hi) hi = val[c, i, k] }
    return lo "–" hi
  }
  function ratio(x, y) { return y ? sprintf("%.3f", x / y) : "-" }
  END {
    v = variant != ""
    printf "| metric (median of %d rounds) | none (min–max) | chokepoint | otel 2.31.0 |%s chokepoint / none | otel / none | chokepoint / otel |%s\n",
      n["none"], v ? " variant (" variant ") |" : "", v ? " variant / none | variant / otel |" : ""
    print "|---|---|---|---|---|---|---|" (v ? "---|---|---|" : "")
    for (i = 3; i <= cols; i++) {
      a = median("none", i); b = median("chokepoint", i); c = median("otel", i); d = v ? median("variant", i) : ""
      printf "| %s | %s (%s) | %s | %s |%s %s | %s | %s |%s\n", name[i], a, spread("none", i), b, c, v ? " " d " |" : "",
        ratio(b, a), ratio(c, a), ratio(b, c), v ? " " ratio(d, a) " | " ratio(d, c) " |" : ""
    }
  }' "$results" >"$report"
{
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC') · $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)," \
       "$(java -version 2>&1 | head -1) · load average at the end $(cut -d' ' -f1-3 /proc/loadavg) ·" \
       "\`examples/bench/overhead.sh --service $service --rounds $rounds --seconds $seconds --warmup $warmup --settle $settle --concurrency $concurrency --rate $rate --otel-metrics $otel_metrics${agent_options:+ --agent-options $agent_options}${variant:+ --variant $variant}${variant_jar:+ --variant-jar $variant_jar}\`"
} >>"$report"
cat "$report"
exit
}
