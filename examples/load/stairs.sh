#!/usr/bin/env bash
# Stairs load with hey: one `hey -z <secs>s -q <per-worker rate> -c <workers> -o csv` per step.
# As each step ends, its CSV (step-N.csv) and its line in steps.csv (step,start_ms,end_ms,
# offered_rps,hey_csv,workers; the schedule the collector reads with --steps-file; workers lets it
# judge whether hey could offer the rate) land in the output folder,
# so an interrupted run keeps every finished step.
#
# hey paces each worker separately (a worker sends, waits for the answer, then waits for its next
# tick), so the offered rate R is split over W = min(max-workers, ceil(R / per-worker-max))
# workers at R / W each: enough workers to reach R while answers stay under 1 / per-worker-max
# seconds, and few enough that the workers' aligned ticks send small bursts. Above the limit the
# answers slow down and the achieved rate falls below the offered one, as in any closed-loop tool.
set -euo pipefail

usage() {
  cat >&2 <<'USAGE'
usage: stairs.sh --url URL --rates R1,R2,... --step-seconds N --out DIR
                 [--max-workers N (100)] [--per-worker-max RPS (5)]
                 [--method GET|POST|PUT|DELETE] [--body FILE] [--content-type TYPE]
USAGE
  exit 2
}
fail() { echo "stairs.sh: $*" >&2; exit 2; }

url="" rates="" step_seconds="" out="" max_workers=100 per_worker_max=5
method=GET body="" content_type="application/json"
while (($#)); do
  case "$1" in
    --url) url=${2:?}; shift 2 ;;
    --rates) rates=${2:?}; shift 2 ;;
    --step-seconds) step_seconds=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --max-workers) max_workers=${2:?}; shift 2 ;;
    --per-worker-max) per_worker_max=${2:?}; shift 2 ;;
    --method) method=${2:?}; shift 2 ;;
    --body) body=${2:?}; shift 2 ;;
    --content-type) content_type=${2:?}; shift 2 ;;
    -h|--help) usage ;;
    *) echo "stairs.sh: unknown option '$1'" >&2; usage ;;
  esac
done
[[ -n $url && -n $rates && -n $step_seconds && -n $out ]] || usage
[[ $url == http://127.0.0.1:* || $url == http://localhost:* ]] || fail "--url must point at 127.0.0.1 (load stays on this machine), got '$url'"
[[ $step_seconds =~ ^[1-9][0-9]*$ ]] || fail "--step-seconds must be a whole number >= 1, got '$step_seconds'"
[[ $max_workers =~ ^[1-9][0-9]*$ ]] || fail "--max-workers must be a whole number >= 1, got '$max_workers'"
[[ $per_worker_max =~ ^[0-9]+([.][0-9]+)?$ ]] || fail "--per-worker-max must be a number, got '$per_worker_max'"
[[ -z $body || -f $body ]] || fail "--body '$body' is not a file"
IFS=, read -r -a steps <<<"$rates"
for rate in "${steps[@]}"; do
  [[ $rate =~ ^[0-9]+([.][0-9]+)?$ ]] && awk -v r="$rate" 'BEGIN { exit !(r > 0) }' \
    || fail "--rates must be positive numbers separated by commas, got '$rates'"
done
# After every argument check, so that a wrong call is told what is wrong even where hey is missing.
command -v hey >/dev/null || fail "hey is not installed: run examples/setup/install-tools.sh (Debian package 'hey')"

mkdir -p "$out"
schedule="$out/steps.csv"
echo "step,start_ms,end_ms,offered_rps,hey_csv,workers" >"$schedule"

hey_pid=""
stop() { [[ -n $hey_pid ]] && kill "$hey_pid" 2>/dev/null; exit 130; }
trap stop INT TERM

now_ms() { date +%s%3N; }

# Client-side summary of a step from hey's CSV: offered and achieved rate, p95, non-2xx answers.
summarize() {
  local step=$1 rate=$2 workers=$3 millis=$4 csv=$5 n p95 bad
  n=$(awk -F, 'NR > 1 && $1 != ""' "$csv" | wc -l)
  if ((n == 0)); then
    echo "step $step: offered $rate rps ($workers workers): no answers"
    return
  fi
  p95=$(awk -F, 'NR > 1 && $1 != "" { print $1 }' "$csv" | sort -g | awk -v n="$n" \
    'BEGIN { k = int(0.95 * n + 0.5); if (k < 1) k = 1 } NR == k { printf "%.0f", $1 * 1000 }')
  bad=$(awk -F, 'NR > 1 && $1 != "" && $7 !~ /^[23]/' "$csv" | wc -l)
  awk -v s="$step" -v r="$rate" -v w="$workers" -v n="$n" -v ms="$millis" -v p="$p95" -v b="$bad" 'BEGIN {
    printf "step %d: offered %s rps (%d workers), achieved %.1f rps, p95 %s ms, non-2xx %d of %d\n",
      s, r, w, n * 1000 / ms, p, b, n }'
}

index=0
for rate in "${steps[@]}"; do
  index=$((index + 1))
  read -r workers per_worker < <(awk -v r="$rate" -v max="$max_workers" -v pw="$per_worker_max" 'BEGIN {
      w = int(r / pw); if (w < r / pw) w++; if (w < 1) w = 1; if (w > max) w = max
      printf "%d %.4f\n", w, r / w }')
  csv="step-$index.csv"
  args=(-z "${step_seconds}s" -q "$per_worker" -c "$workers" -o csv -m "$method")
  [[ -n $body ]] && args+=(-D "$body" -T "$content_type")
  start=$(now_ms)
  hey "${args[@]}" "$url" >"$out/$csv" &
  hey_pid=$!
  wait "$hey_pid" || echo "stairs.sh: hey exited with $? in step $index" >&2
  hey_pid=""
  end=$(now_ms)
  echo "$index,$start,$end,$rate,$csv,$workers" >>"$schedule"
  summarize "$index" "$rate" "$workers" "$((end - start))" "$out/$csv"
done
