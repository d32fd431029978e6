#!/usr/bin/env bash
# Cost of the wait probe (JFR streaming) by threshold setting, side by side in one run: the
# market service's database-bound /products (PostgreSQL, ≈ 2 socket events per request) under
# hey, each configuration started fresh, the order rotated every round.
#   agent/bench/wait-overhead.sh [rounds] [seconds]
# Prints per run: requests/s, CPU ms per request (/proc/PID/stat), wait events recorded per
# second (sum of the chokepoint_wait_* timer counts), live threads, CPU of the threads the wait
# probe adds (JFR's and chokepoint-waits, ms per second); then medians per config.
# base = agent without waits and executors; executors = agent without waits; default = all on.
# Needs examples/market-service/target/market-service.jar, agent/target/chokepoint-agent.jar,
# PostgreSQL at 127.0.0.1:5432 and hey.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-2}
seconds=${2:-8}
agent=${AGENT_JAR:-$root/agent/target/chokepoint-agent.jar}
service=$root/examples/market-service/target/market-service.jar
out=$(mktemp -d /tmp/wait-overhead.XXXX)
url="/products?category=2&minPrice=10&maxPrice=500"
declare -A args=(
  [base]="probes=-waits:-executors"
  [executors]="probes=-waits"
  [default]=""
  [socket-0ms]="waits.socket-threshold=0"
  [all-10ms]="waits.lock-threshold=10ms,waits.socket-threshold=10ms,waits.file-threshold=10ms"
)
configs=(base executors default socket-0ms all-10ms)
hz=$(getconf CLK_TCK)
pid=""
trap '[[ -n $pid ]] && kill "$pid" 2>/dev/null || true' EXIT
events() { curl -s "$1" | awk '/^chokepoint_wait_[a-z]+_seconds_count/ { n += $2 } END { printf "%d", n }'; }
# CPU ticks of the threads the wait probe adds: JFR's and the agent's consumer (comm is cut to 15 chars).
probe_ticks() {
  for t in /proc/"$1"/task/*; do
    case "$(cat "$t/comm" 2>/dev/null)" in
      "JFR "*|chokepoint-wait*) sed 's/.*) //' "$t/stat" 2>/dev/null ;;
    esac
  done | awk '{ n += $12 + $13 } END { print n + 0 }'
}
threads() { curl -s "$1" | awk '/^jvm_threads_live_threads/ { print $2 }'; }
echo "round config rps cpu_ms_per_req events_per_s threads probe_thread_ms_per_s" | tee "$out/results.txt"
for round in $(seq 1 "$rounds"); do
  n=${#configs[@]}
  for i in $(seq 0 $((n - 1))); do
    config=${configs[$(( (i + round - 1) % n ))]}
    a=${args[$config]}
    java -Xmx512m "-javaagent:$agent=port=0${a:+,$a}" -Dmarket.port-file="$out/port" -jar "$service" \
      --server.port=0 --spring.profiles.active=cpu --market.db.schema=chokepoint_bench >"$out/service.log" 2>&1 &
    pid=$!
    until [[ -s $out/port ]] && grep -q "metrics at" "$out/service.log"; do sleep 0.1; done
    base=http://127.0.0.1:$(cat "$out/port")
    metrics=$(grep -o "http://[^ ]*/metrics" "$out/service.log" | head -1)
    hey -z 6s -c 2 "$base$url" >/dev/null
    e0=$(events "$metrics"); t0=$(awk '{print $14 + $15}' "/proc/$pid/stat"); p0=$(probe_ticks "$pid")
    hey -z "${seconds}s" -c 8 "$base$url" >"$out/hey.txt"
    t1=$(awk '{print $14 + $15}' "/proc/$pid/stat"); p1=$(probe_ticks "$pid")
    sleep 1.5 # JFR hands events over about once a second
    e1=$(events "$metrics")
    rps=$(awk '/Requests\/sec:/ { print $2 }' "$out/hey.txt")
    reqs=$(awk '/\[200\]/ { print $2 }' "$out/hey.txt")
    awk -v r="$round" -v c="$config" -v rps="$rps" -v t=$((t1 - t0)) -v hz="$hz" -v n="$reqs" -v e=$((e1 - e0)) \
        -v s="$seconds" -v th="$(threads "$metrics")" -v p=$((p1 - p0)) \
        'BEGIN { printf "%s %s %.0f %.3f %.0f %s %.1f\n", r, c, rps, t * 1000 / hz / n, e / s, th, p * 1000 / hz / s }' | tee -a "$out/results.txt"
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
    rm -f "$out/port"
  done
done
echo "medians (load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)):"
for config in "${configs[@]}"; do
  awk -v c="$config" '$2 == c { rps[++n] = $3; cpu[n] = $4; ev[n] = $5; th[n] = $6; pt[n] = $7 }
    function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    END { printf "%-11s rps %7.0f  cpu_ms/req %.3f  events/s %6.0f  threads %s  probe threads ms/s %.1f\n", c, med(rps, n), med(cpu, n), med(ev, n), med(th, n), med(pt, n) }' "$out/results.txt"
done
echo "results in $out"
