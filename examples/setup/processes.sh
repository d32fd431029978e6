# Sourced by the example scripts (run-scenario.sh, fleet/run-fleet.sh): what they need to start
# servers and to stop every process they started, on success, failure and Ctrl-C alike.
#
#   source "$examples/setup/processes.sh"
#   undo() { stop_started; ...the script's own clean-up (cgroups, database role...)...; }
#   at_exit undo
#   some-server & pids+=($!)
#   setsid some-load & pids+=(-$!)

# Every background process the script starts, in start order; stop_started stops them. An entry
# -PID stands for the process group PID leads (setsid): the whole group is stopped.
pids=()

# Stops the recorded processes, the last started first (nginx before the instances it balances):
# TERM, up to 10 s for a JVM to shut down (the collector writes its report), then KILL.
stop_started() {
  local i pid
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    pid=${pids[i]}
    kill -- "$pid" 2>/dev/null || continue
    for _ in $(seq 1 50); do kill -0 -- "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 -- "$pid" 2>/dev/null || true
    wait "${pid#-}" 2>/dev/null || true
  done
}

# Runs the named function once when the script ends, however it ends, and keeps the script's exit
# status (130 after Ctrl-C, 143 after TERM). INT and TERM only call exit: bash runs a trap once the
# foreground command returns, so scripts keep long work in the background and `wait` for it.
at_exit() { # function
  trap "run_at_exit $1" EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}
run_at_exit() { # function
  local status=$?
  trap - EXIT INT TERM
  # `|| true`: a clean-up step that fails must not end the clean-up (set -e) nor change the status.
  "$1" || true
  exit "$status"
}

# A loopback port nobody listens on, for servers that cannot report the port they picked (H2,
# nginx, Prometheus).
free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 20000))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return 0; }
  done
  return 1
}
