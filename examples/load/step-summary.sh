#!/usr/bin/env bash
# Per-step server-side numbers from a run folder: steps.csv (the schedule) and metrics.prom (the
# scrapes written by sample-metrics.sh, or another such file). Gauges: mean and max over the step's samples; counters
# and timers: the change from the step's first to its last sample (a rate, or a mean per event).
# Works on the agent's /metrics and, with fewer rows, on Actuator's /actuator/prometheus.
set -euo pipefail
run=${1:?usage: step-summary.sh RUN_DIR [SCRAPES_FILE (default RUN_DIR/metrics.prom)]}
scrapes=${2:-$run/metrics.prom}
[[ -f $run/steps.csv && -f $scrapes ]] || { echo "step-summary.sh: no $run/steps.csv or no $scrapes" >&2; exit 2; }
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
    names[name] = 1
  }
  function first(step, name,   i) { for (i = 1; i <= samples[step]; i++) if ((step SUBSEP name SUBSEP i) in sum) return sum[step SUBSEP name SUBSEP i]; return "" }
  function last(step, name,   i) { for (i = samples[step]; i >= 1; i--) if ((step SUBSEP name SUBSEP i) in sum) return sum[step SUBSEP name SUBSEP i]; return "" }
  function firstAt(step, name,   i) { for (i = 1; i <= samples[step]; i++) if ((step SUBSEP name SUBSEP i) in sum) return i; return 0 }
  function lastAt(step, name,   i) { for (i = samples[step]; i >= 1; i--) if ((step SUBSEP name SUBSEP i) in sum) return i; return 0 }
  function gauge(step, name, label,   i, n, total, max, v) {
    if (!((step SUBSEP name) in seen)) return
    n = 0; total = 0; max = -1e300
    for (i = 1; i <= samples[step]; i++) if ((step SUBSEP name SUBSEP i) in sum) { v = sum[step SUBSEP name SUBSEP i]; n++; total += v; if (v > max) max = v }
    if (n) printf "  %-34s mean %10.3f  max %10.3f\n", label, total / n, max
  }
  function delta(step, name) { return last(step, name) - first(step, name) }
  function mean(step, prefix, label, scale, unit,   c) {
    if (!((step SUBSEP prefix "_count") in seen)) return
    c = delta(step, prefix "_count")
    if (c > 0) printf "  %-34s %10.2f %s over %d events\n", label, delta(step, prefix "_sum") / c * scale, unit, c
  }
  function rate(step, name, label,   d, seconds) {
    if (!((step SUBSEP name) in seen)) return
    seconds = (stime[step SUBSEP lastAt(step, name)] - stime[step SUBSEP firstAt(step, name)]) / 1000
    if (seconds <= 0) return
    d = delta(step, name)
    printf "  %-34s %10.3f /s\n", label, d / seconds
  }
  END {
    for (i = 1; i <= steps; i++) {
      printf "step %d (offered %s rps, %d samples)\n", i, offered[i], samples[i]
      if (samples[i] < 2) { print "  (fewer than two samples)"; continue }
      rate(i, "http_server_requests_seconds_count", "server requests")
      mean(i, "http_server_requests_seconds", "server time per request", 1000, "ms")
      gauge(i, "process_cpu_usage", "process CPU (share of all cores)")
      gauge(i, "system_cpu_usage", "host CPU (share of all cores)")
      mean(i, "chokepoint_request_cpu_seconds", "CPU per request", 1000, "ms")
      gauge(i, "chokepoint_cpu_quota_cores", "CPU quota (cores)")
      rate(i, "chokepoint_cpu_throttled_periods_total", "throttled periods")
      rate(i, "chokepoint_cpu_periods_total", "CFS periods")
      rate(i, "chokepoint_cpu_throttled_seconds_total", "throttled time (s/s)")
      gauge(i, "tomcat_threads_busy_threads", "Tomcat busy workers")
      gauge(i, "tomcat_threads_config_max_threads", "Tomcat max workers")
      gauge(i, "chokepoint_tomcat_queue", "requests waiting for a worker")
      gauge(i, "chokepoint_http_server_active", "requests in flight")
      gauge(i, "hikaricp_connections_active", "pool active")
      gauge(i, "hikaricp_connections_pending", "pool pending")
      gauge(i, "hikaricp_connections_max", "pool max")
      mean(i, "hikaricp_connections_acquire_seconds", "pool acquire time", 1000, "ms")
      mean(i, "hikaricp_connections_usage_seconds", "pool hold (usage) time", 1000, "ms")
      mean(i, "chokepoint_request_pool_wait_seconds", "pool wait per request", 1000, "ms")
      mean(i, "chokepoint_request_jdbc_seconds", "JDBC time per request", 1000, "ms")
      mean(i, "chokepoint_request_remote_seconds", "remote time per request", 1000, "ms")
      mean(i, "chokepoint_jdbc_query_seconds", "statement latency (all queries)", 1000, "ms")
      mean(i, "chokepoint_http_client_requests_seconds", "outbound call latency", 1000, "ms")
      gauge(i, "jvm_memory_used_bytes", "heap used (bytes)")
      gauge(i, "jvm_memory_max_bytes", "heap max (bytes)")
      gauge(i, "jvm_gc_live_data_size_bytes", "heap after GC (bytes)")
      gauge(i, "jvm_gc_overhead", "GC overhead (share of CPU)")
      rate(i, "jvm_gc_pause_seconds_sum", "GC pause (s/s)")
      gauge(i, "market_ingest_backlog", "ingest backlog (batches)")
    }
  }
' FS=, "$run/steps.csv" FS=' ' "$scrapes"
