#!/usr/bin/env bash
# Per-step server-side numbers from a run folder: steps.csv (the schedule) and metrics.prom (the
# scrapes written by sample-metrics.sh, or another such file). Gauges: mean and max over the step's samples; counters
# and timers: the change from the step's first to its last sample (a rate, or a mean per event).
# Works on the agent's /metrics and, with fewer rows, on Actuator's /actuator/prometheus.
set -euo pipefail
run=${1:?usage: step-summary.sh RUN_DIR [SCRAPES_FILE (default RUN_DIR/metrics.prom)]}
scrapes=${2:-$run/metrics.prom}
[[ -f $run/steps.csv && -f $scrapes ]] || { echo "step-summary.sh: no $run/steps.csv or no $scrapes" >&2; exit 2; }
# What each step shows, in this order: kind (gauge; rate: a counter per second; mean: a timer's time
# per event, in ms), series, label. A series the scrapes do not hold prints nothing.
rows="rate  http_server_requests_seconds_count       server requests
mean  http_server_requests_seconds             server time per request
gauge process_cpu_usage                        process CPU (share of all cores)
gauge system_cpu_usage                         host CPU (share of all cores)
mean  chokepoint_request_cpu_seconds           CPU per request
gauge chokepoint_cpu_quota_cores               CPU quota (cores)
rate  chokepoint_cpu_throttled_periods_total   throttled periods
rate  chokepoint_cpu_periods_total             CFS periods
rate  chokepoint_cpu_throttled_seconds_total   throttled time (s/s)
gauge tomcat_threads_busy_threads              Tomcat busy workers
gauge tomcat_threads_config_max_threads        Tomcat max workers
gauge chokepoint_tomcat_queue                  requests waiting for a worker
gauge chokepoint_http_server_active            requests in flight
gauge hikaricp_connections_active              pool active
gauge hikaricp_connections_pending             pool pending
gauge hikaricp_connections_max                 pool max
mean  hikaricp_connections_acquire_seconds     pool acquire time
mean  hikaricp_connections_usage_seconds       pool hold (usage) time
mean  chokepoint_request_pool_wait_seconds     pool wait per request
mean  chokepoint_request_jdbc_seconds          JDBC time per request
mean  chokepoint_request_remote_seconds        remote time per request
mean  chokepoint_jdbc_query_seconds            statement latency (all queries)
mean  chokepoint_http_client_requests_seconds  outbound call latency
gauge jvm_memory_used_bytes                    heap used (bytes)
gauge jvm_memory_max_bytes                     heap max (bytes)
gauge jvm_gc_live_data_size_bytes              heap after GC (bytes)
gauge jvm_gc_overhead                          GC overhead (share of CPU)
rate  jvm_gc_pause_seconds_sum                 GC pause (s/s)
gauge market_ingest_backlog                    ingest backlog (batches)"
awk '
  FNR == NR { if (FNR > 1) { n = $1; start[n] = $2; end[n] = $3; offered[n] = $4; steps = n } ; next }
  /^# sample / { t = $3; cur = 0; for (i = 1; i <= steps; i++) if (t >= start[i] && t <= end[i]) cur = i
                 if (cur) { samples[cur]++; s = samples[cur]; stime[cur SUBSEP s] = t } ; next }
  /^#/ || cur == 0 { next }
  {
    name = $1; sub(/\{.*/, "", name); value = $NF + 0
    if (name == "jvm_memory_used_bytes" && $0 !~ /area="heap"/) next
    if (name == "jvm_memory_max_bytes" && $0 !~ /area="heap"/) next
    if (name ~ /_bucket$/ || value != value) next
    key = cur SUBSEP name SUBSEP s
    sum[key] += value
    seen[cur SUBSEP name] = 1
  }
  # The index of the first (dir 1) or last (dir -1) sample in the step that holds the series, or 0.
  function sampleAt(step, name, dir,   i, n) {
    n = samples[step]
    for (i = dir > 0 ? 1 : n; i >= 1 && i <= n; i += dir) if ((step SUBSEP name SUBSEP i) in sum) return i
    return 0
  }
  function valueAt(step, name, i) { return i ? sum[step SUBSEP name SUBSEP i] : 0 }
  function gauge(step, name, label,   i, n, total, max, v) {
    if (!((step SUBSEP name) in seen)) return
    n = 0; total = 0; max = -1e300
    for (i = 1; i <= samples[step]; i++) if ((step SUBSEP name SUBSEP i) in sum) { v = sum[step SUBSEP name SUBSEP i]; n++; total += v; if (v > max) max = v }
    if (n) printf "  %-34s mean %10.3f  max %10.3f\n", label, total / n, max
  }
  function delta(step, name) { return valueAt(step, name, sampleAt(step, name, -1)) - valueAt(step, name, sampleAt(step, name, 1)) }
  function mean(step, prefix, label,   c) {
    if (!((step SUBSEP prefix "_count") in seen)) return
    c = delta(step, prefix "_count")
    if (c > 0) printf "  %-34s %10.2f ms over %d events\n", label, delta(step, prefix "_sum") / c * 1000, c
  }
  function rate(step, name, label,   d, seconds) {
    if (!((step SUBSEP name) in seen)) return
    seconds = (stime[step SUBSEP sampleAt(step, name, -1)] - stime[step SUBSEP sampleAt(step, name, 1)]) / 1000
    if (seconds <= 0) return
    d = delta(step, name)
    printf "  %-34s %10.3f /s\n", label, d / seconds
  }
  END {
    nrows = split(rows, row, "\n")
    for (r = 1; r <= nrows; r++) {
      split(row[r], f, / +/); kind[r] = f[1]; series[r] = f[2]
      label[r] = row[r]; sub(/^[^ ]+ +[^ ]+ +/, "", label[r])
    }
    for (i = 1; i <= steps; i++) {
      printf "step %d (offered %s rps, %d samples)\n", i, offered[i], samples[i]
      if (samples[i] < 2) { print "  (fewer than two samples)"; continue }
      for (r = 1; r <= nrows; r++) {
        if (kind[r] == "gauge") gauge(i, series[r], label[r])
        else if (kind[r] == "rate") rate(i, series[r], label[r])
        else if (kind[r] == "mean") mean(i, series[r], label[r])
      }
    }
  }
' rows="$rows" FS=, "$run/steps.csv" FS=' ' "$scrapes"
