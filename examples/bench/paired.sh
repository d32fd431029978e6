#!/usr/bin/env bash
# Paired throughput benchmark (not a test): two or three copies of a service alive at once (X, Y
# and optionally Z), each loaded in turn while the others are frozen (SIGSTOP), so that one
# round's bursts are seconds apart on the same machine and no other JVM's background threads run
# during a burst. It answers the one question overhead.sh's rounds cannot on a shared VM: is Y's
# (and Z's) saturated throughput and CPU per request within a few percent of X's?
#
#   1. launch X, Y (and Z) (each -Xmx512m, the service's own launch arguments), wait until all answer
#   2. warm-up: --warmup S seconds of bursts on the endpoint in turn (X, Y, Z, X, ...), the others
#      frozen, so that every JIT settles under the load it is measured with
#   3. N / L rounds of one hey -z D -c C burst on each copy, the order changed every round (two
#      copies: XY, YX; three: the six orders in turn), so that drift within a round hits each first
#      as often; all stopped
#   4. steps 1-3 --launches L times: each launch settles into a JIT "mode" of its own (no agent
#      against no agent moved ±5 % across launches, docs/overhead.md), which more rounds of one
#      launch do not average out
#   5. per round the ratios Y / X (Z / X, Z / Y), of the requests per second and of the service's
#      CPU per request (its utime + stime over the burst, background threads included: unlike the
#      throughput, not moved by what hey and the database cost); the report, for each: their median
#      with a distribution-free 95 % interval (order statistics of the sign test), the mean of the
#      log ratios with its 95 % interval, each launch's median (read the interval as honest only
#      where those agree with it), and the medians' difference in µs of CPU a request
#
# Configurations: none (no agent), chokepoint (-javaagent:agent/target/chokepoint-agent.jar=port=0
# plus --agent-options), variant (the same with --variant-jar JAR instead of the built jar, and
# --variant-options OPTS after the others: e.g. probes=-waits prices one probe against the rest),
# otel (the OpenTelemetry Java agent, fetched from Maven Central: traces and logs exported nowhere,
# its metrics served by its Prometheus exporter on a free port, as Chokepoint serves its own).
# --pair none,none measures the protocol's own noise and bias (an A/A run): read an A/B run's
# interval against it. --pair none,chokepoint,otel prices both agents in the same rounds;
# --pair none,chokepoint,none prices the agent and the protocol's noise in the same rounds.
#
# --pin: every copy runs on the last core only (taskset), hey and PostgreSQL on the others (the
# server and its running processes moved at the start, their earlier affinity restored at the end:
# needs the right to change them, e.g. root; backends started later inherit the server's), so that
# a copy's burst competes with nothing for its core and its loopback partners never run there.
# Each copy is told it has all the machine's cores (-XX:ActiveProcessorCount) so that its GC, JIT
# and pools are sized as unpinned.
#
# --rate R: each burst paced at R requests a second (hey -q R/C on each of its C workers) instead of
# as fast as it goes. A copy not saturated does more system calls a request when its partners on
# the other core are the bottleneck, and which side is moves from burst to burst on a busy host;
# paced bursts hold every copy to the same arrivals, so its CPU a request is compared at equal
# load. The requests-per-second rows then only confirm that each copy kept up.
#
#   examples/bench/paired.sh [--service fast|market] [--endpoint a|b|c] [--pair X,Y[,Z]] [--pairs N]
#                            [--launches L] [--seconds D] [--warmup S] [--concurrency C]
#                            [--agent-options OPTS] [--variant-jar JAR] [--variant-options OPTS]
#                            [--pin] [--rate R] [--out DIR]
#   defaults: fast, b (/select), none,chokepoint, 48 rounds, 3 launches, 5 s, 120 s, 8, not pinned, not paced
set -euo pipefail
# One block, parsed before it runs (a run edited while it goes must not run what sits at the offset).
{

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bench=$root/examples/bench
service=fast endpoint=b pair=none,chokepoint pairs=48 launches=3 seconds=5 warmup=120 concurrency=8 out="" agent_options="" variant_jar="" variant_options="" pin="" rate=""
while (($#)); do
  case "$1" in
    --service) service=$2; shift 2 ;;
    --endpoint) endpoint=$2; shift 2 ;;
    --pair) pair=$2; shift 2 ;;
    --pairs) pairs=$2; shift 2 ;;
    --launches) launches=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --agent-options) agent_options=$2; shift 2 ;;
    --variant-jar) variant_jar=$2; shift 2 ;;
    --variant-options) variant_options=$2; shift 2 ;;
    --pin) pin=yes; shift ;;
    --rate) rate=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,50p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "paired.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for n in pairs launches seconds warmup concurrency ${rate:+rate}; do
  [[ ${!n} =~ ^[1-9][0-9]*$ ]] || { echo "paired.sh: --$n must be a positive whole number, got '${!n}'" >&2; exit 2; }
done
[[ -z $rate ]] || ((rate >= concurrency)) || { echo "paired.sh: --rate ($rate) must be at least --concurrency ($concurrency): hey paces each worker at a whole number of requests a second" >&2; exit 2; }
((pairs >= 6)) || { echo "paired.sh: --pairs must be at least 6 for a 95 % interval, got $pairs" >&2; exit 2; }
config_word='(none|chokepoint|variant|otel)'
[[ $pair =~ ^$config_word,$config_word(,$config_word)?$ ]] \
  || { echo "paired.sh: --pair must be X,Y or X,Y,Z with each among none, chokepoint, variant, otel; got '$pair'" >&2; exit 2; }
IFS=, read -r -a configs <<<"$pair"
sides=(x y z)
sides=("${sides[@]:0:${#configs[@]}}")
declare -A config_of=()
for i in "${!sides[@]}"; do config_of[${sides[$i]}]=${configs[$i]}; done
# Every order of the copies once per this many rounds: XY, YX; or the six orders of XYZ.
orders=(xy yx)
((${#sides[@]} == 2)) || orders=(xyz yzx zxy yxz xzy zyx)
((pairs >= ${#orders[@]} * launches)) \
  || { echo "paired.sh: --pairs ($pairs) must be at least ${#orders[@]} × --launches ($launches): every order in each launch" >&2; exit 2; }
[[ $pair != *variant* || -n $variant_jar$variant_options ]] \
  || { echo "paired.sh: --pair $pair needs --variant-jar JAR (an agent jar) or --variant-options OPTS" >&2; exit 2; }
[[ -z $variant_jar || -f $variant_jar ]] || { echo "paired.sh: --variant-jar $variant_jar: no such file" >&2; exit 2; }
# shellcheck source=examples/bench/service-process.sh
source "$bench/service-process.sh"
define_service "$service" chokepoint_bench \
  || { echo "paired.sh: --service must be market or fast, got '$service'" >&2; exit 2; }
case "$endpoint" in
  a) url=$url_a name=$name_a ;;
  b) url=$url_b name=$name_b ;;
  c) [[ -n $url_c ]] || { echo "paired.sh: the $service service has no endpoint c" >&2; exit 2; }
     url=$url_c name=$name_c ;;
  *) echo "paired.sh: --endpoint must be a, b or c, got '$endpoint'" >&2; exit 2 ;;
esac
out=${out:-$root/runs/paired-$service-$name-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
log() { echo "[paired $(date +%T)] $*" >&2; }

agent_jar=$root/agent/target/chokepoint-agent.jar
for jar in "$service_jar" "$agent_jar"; do
  [[ -f $jar ]] || { echo "paired.sh: no $jar; build it with: mvn -B -ntp -DskipTests package -pl agent,$service_module -am" >&2; exit 2; }
done
# Copies: a rebuild during the benchmark must not swap the jars under the running JVMs.
cp "$agent_jar" "$out/chokepoint-agent.jar"
cp "${variant_jar:-$agent_jar}" "$out/variant-agent.jar"
cp "$service_jar" "$out/"
otel_jar=""
if [[ $pair == *otel* ]]; then
  otel_jar=$(otel_agent "$out") || { echo "paired.sh: --pair $pair needs the OpenTelemetry agent" >&2; exit 1; }
fi
declare -A agent_args=(
  [none]=""
  [otel]="-javaagent:$otel_jar -Dotel.traces.exporter=none -Dotel.logs.exporter=none -Dotel.metrics.exporter=prometheus -Dotel.exporter.prometheus.host=127.0.0.1"
  [chokepoint]="-javaagent:$out/chokepoint-agent.jar=port=0${agent_options:+,$agent_options}"
  [variant]="-javaagent:$out/variant-agent.jar=port=0${agent_options:+,$agent_options}${variant_options:+,$variant_options}"
)

# --pin: the prefixes (taskset) that start a copy on the last core and hey on the others.
cores=$(nproc) service_pin="" load_pin=""
declare -A postgres_mask=()
if [[ -n $pin ]]; then
  ((cores >= 2)) || { echo "paired.sh: --pin needs at least 2 cores (the copies on one, hey and PostgreSQL on the others); this machine has $cores" >&2; exit 2; }
  command -v taskset >/dev/null || { echo "paired.sh: --pin needs taskset (Debian package util-linux)" >&2; exit 2; }
  service_pin="taskset -c $((cores - 1))" load_pin="taskset -c 0-$((cores - 2))"
fi
# PostgreSQL's processes onto the load's cores, their masks kept to be given back.
pin_postgres() {
  local p mask
  for p in $(pgrep -x postgres); do
    mask=$(taskset -p "$p" 2>/dev/null | awk '{print $NF}') || continue
    [[ -n $mask ]] || continue
    taskset -a -p -c "0-$((cores - 2))" "$p" >/dev/null 2>&1 \
      || { echo "paired.sh: --pin could not move PostgreSQL's process $p to cores 0-$((cores - 2)) (run as root, or as PostgreSQL's user)" >&2; exit 2; }
    postgres_mask[$p]=$mask
  done
  ((${#postgres_mask[@]})) || { echo "paired.sh: --pin found no PostgreSQL process (pgrep -x postgres) to move off the copies' core" >&2; exit 2; }
}
unpin_postgres() {
  local p
  for p in "${!postgres_mask[@]}"; do taskset -a -p "${postgres_mask[$p]}" "$p" >/dev/null 2>&1 || true; done
  postgres_mask=()
}

# Several services, not service-process.sh's one: each is resumed before it is stopped (a frozen JVM
# would not act on SIGTERM), however the bench ends.
declare -A pid=() base=()
stop_all() {
  local side
  for side in "${!pid[@]}"; do kill -CONT "${pid[$side]}" 2>/dev/null || true; kill "${pid[$side]}" 2>/dev/null || true; done
  for side in "${!pid[@]}"; do
    for _ in $(seq 1 50); do kill -0 "${pid[$side]}" 2>/dev/null || break; sleep 0.2; done
    kill -9 "${pid[$side]}" 2>/dev/null || true
  done
  pid=()
}
trap 'stop_all; unpin_postgres' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

launch() { # side (x, y or z), config, launch number
  local dir=$out/$3-$1-$2 args=${agent_args[$2]}
  mkdir -p "$dir"
  [[ $2 != otel ]] || args+=" -Dotel.exporter.prometheus.port=$(free_port)"
  # shellcheck disable=SC2086,SC2046 # the agent's and the service's arguments hold several options
  $service_pin java -Xmx512m ${pin:+-XX:ActiveProcessorCount=$cores} $args $(launch_args "$dir/service.port" "$out") >"$dir/service.log" 2>&1 &
  pid[$1]=$!
  local deadline=$((SECONDS + 240))
  until [[ -s $dir/service.port ]] && curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$(cat "$dir/service.port")$url_ready"; do
    kill -0 "${pid[$1]}" 2>/dev/null || { echo "paired.sh: the service ($1: $2) exited; see $dir/service.log" >&2; exit 1; }
    ((SECONDS < deadline)) || { echo "paired.sh: the service ($1: $2) did not answer in 240 s; see $dir/service.log" >&2; exit 1; }
    sleep 0.05
  done
  base[$1]=http://127.0.0.1:$(cat "$dir/service.port")
}
# Both services still running, else a clear exit: a JVM that died (or was killed with the shell
# that started this script: run it detached, e.g. under setsid nohup) must not turn into a
# "kill: No such process" and a report missing its pairs.
all_running() {
  local side
  for side in "${sides[@]}"; do
    kill -0 "${pid[$side]}" 2>/dev/null \
      || { echo "paired.sh: the service ($side: ${config_of[$side]}) is no longer running; see $out/$l-$side-${config_of[$side]}/service.log. Rounds so far: $results" >&2; exit 1; }
  done
}
# One burst on <side> with the other sides frozen; prints hey's requests per second and the
# service's CPU per request in µs (utime + stime over the burst: its background threads included).
burst() { # side, seconds, hey output file
  local other t0 t1
  for other in "${sides[@]}"; do [[ $other == "$1" ]] || kill -STOP "${pid[$other]}"; done
  t0=$(cpu_ticks "${pid[$1]}")
  $load_pin hey -z "${2}s" -c "$concurrency" ${rate:+-q $((rate / concurrency))} "${base[$1]}$url" >"$3" || true
  all_running
  t1=$(cpu_ticks "${pid[$1]}")
  for other in "${sides[@]}"; do [[ $other == "$1" ]] || kill -CONT "${pid[$other]}"; done
  awk -v t=$((t1 - t0)) -v hz="$ticks_per_second" -v n="$(hey_requests "$3")" \
    '/Requests\/sec:/ { printf "%s %.2f\n", $2, (n > 0 ? t / hz * 1e6 / n : 0) }' "$3"
}

[[ -z $pin ]] || pin_postgres
log "$service service, $name ($url): ${configs[*]}, $launches launches, $pairs rounds of ${seconds} s bursts, ${warmup} s warm-up, concurrency $concurrency; results in $out"
results=$out/pairs.tsv
{
  printf 'launch\tpair\torder'
  for side in "${sides[@]}"; do printf '\t%s_%s_rps\t%s_%s_cpu_us' "${config_of[$side]}" "$side" "${config_of[$side]}" "$side"; done
  echo
} >"$results"
warm_burst=10 pair_no=0 ticks_per_second=$(getconf CLK_TCK)
for ((l = 1; l <= launches; l++)); do
  for side in "${sides[@]}"; do launch "$side" "${config_of[$side]}" "$l"; done
  for ((t = 0; t < warmup; t += ${#sides[@]} * warm_burst)); do
    all_running
    for side in "${sides[@]}"; do burst "$side" "$warm_burst" "$out/warm.txt" >/dev/null; done
  done
  for ((i = 1; i <= pairs * l / launches - pairs * (l - 1) / launches; i++)); do
    pair_no=$((pair_no + 1))
    all_running
    order=${orders[$(((i - 1) % ${#orders[@]}))]}
    declare -A rps=() cpu=()
    for ((k = 0; k < ${#order}; k++)); do
      side=${order:k:1}
      read -r "rps[$side]" "cpu[$side]" < <(burst "$side" "$seconds" "$out/burst.txt")
    done
    {
      printf '%d\t%d\t%s' "$l" "$pair_no" "$order"
      for side in "${sides[@]}"; do printf '\t%.1f\t%.2f' "${rps[$side]}" "${cpu[$side]}"; done
      echo
    } >>"$results"
    log "launch $l, round $pair_no: $(tail -1 "$results" | cut -f3-)"
  done
  stop_all
done

# The median's interval: the k-th smallest and k-th largest ratio, k the largest with
# P(Binomial(n, 1/2) < k) <= 2.5 % (normal approximation, n >= 6). One row per measure and
# comparison: columns cx (X's) and cy (Y's) of the results, their ratio per round.
summary_row() { # X's column, Y's column, row's label
  awk -F'\t' -v cx="$1" -v cy="$2" -v label="$3" 'NR > 1 && $cx > 0 && $cy > 0 {
      n++; r[n] = $cy / $cx; l = log(r[n]); s += l; ss += l * l; x[n] = $cx; y[n] = $cy; m[$1]++; lr[$1, m[$1]] = r[n] }
    function sort(a, m,   k, j, t) { for (k = 2; k <= m; k++) { t = a[k]; for (j = k - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
    function median(a, m) { return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
    END {
      if (n < 2) exit
      sort(r, n); sort(x, n); sort(y, n)
      k = int(n / 2 - 0.98 * sqrt(n)); if (k < 1) k = 1
      mean = s / n; sd = sqrt((ss - n * mean * mean) / (n - 1)); h = 1.96 * sd / sqrt(n)
      for (i = 1; i in m; i++) { delete one; for (j = 1; j <= m[i]; j++) one[j] = lr[i, j]; sort(one, m[i]); launches = launches (i > 1 ? " · " : "") sprintf("%.3f", median(one, m[i])) }
      printf "| %s | %.1f (%.1f–%.1f) | %.1f (%.1f–%.1f) | %+.1f | %.3f [%.3f, %.3f] | %.3f [%.3f, %.3f] | %s | %.1f %% |\n",
        label, median(x, n), x[1], x[n], median(y, n), y[1], y[n], median(y, n) - median(x, n), median(r, n), r[k], r[n + 1 - k], exp(mean), exp(mean - h), exp(mean + h), launches, 100 * sd
    }' "$results"
}
# Column of <side>'s requests per second in the results (its CPU per request is the next one).
rps_column() { local i; for i in "${!sides[@]}"; do [[ ${sides[$i]} == "$1" ]] && echo $((4 + 2 * i)); done; }
report=$out/paired.md
{
  echo "| $name, $(($(wc -l <"$results") - 1)) rounds: Y against X | X (min–max) | Y (min–max) | Y − X (medians) | Y / X: median [95 %] | geometric mean [95 %] | each launch: median | one round: sd of log ratio |"
  echo "|---|---|---|---|---|---|---|---|"
  comparisons=("x y")
  ((${#sides[@]} == 2)) || comparisons+=("x z" "y z")
  for comparison in "${comparisons[@]}"; do
    read -r sx sy <<<"$comparison"
    what="${config_of[$sy]} against ${config_of[$sx]}"
    summary_row "$(rps_column "$sx")" "$(rps_column "$sy")" "$what: requests/s"
    summary_row "$(($(rps_column "$sx") + 1))" "$(($(rps_column "$sy") + 1))" "$what: service CPU µs / request"
  done
} >"$report"
{
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC') · $(nproc) cores, $(java -version 2>&1 | head -1) · load average at the end $(cut -d' ' -f1-3 /proc/loadavg) ·" \
       "\`examples/bench/paired.sh --service $service --endpoint $endpoint --pair $pair --pairs $pairs --launches $launches --seconds $seconds --warmup $warmup --concurrency $concurrency${pin:+ --pin}${rate:+ --rate $rate}${agent_options:+ --agent-options $agent_options}${variant_jar:+ --variant-jar $variant_jar}${variant_options:+ --variant-options $variant_options}\`"
} >>"$report"
cat "$report"
exit
}
