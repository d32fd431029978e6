# Sourced by the service benches (overhead.sh, cpu-profile.sh, startup.sh): the service process
# under test, stopped on exit however the bench ends, and what they read of it and of hey's output.
# The sourcing script sets service_pid when it launches the service.

service_pid=""
stop_service() {
  [[ -n $service_pid ]] || return 0
  kill "$service_pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$service_pid" 2>/dev/null || break; sleep 0.2; done
  kill -9 "$service_pid" 2>/dev/null || true
  wait "$service_pid" 2>/dev/null || true
  service_pid=""
}
trap stop_service EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# utime + stime of a process, in clock ticks (getconf CLK_TCK per second)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# requests hey completed, from its status code distribution
hey_requests() { awk '/^  \[[0-9]+\]/ { n += $2 } END { print n + 0 }' "$1"; }
