#!/usr/bin/env bash
# Runs one scenario end to end: database, downstream service (if the scenario has one), the
# market service with the Chokepoint agent (in a CPU-quota cgroup for cpu-quota), the stairs load
# under the collector (when built), then stops everything it started and removes the cgroup, on
# success, failure and Ctrl-C alike. Leaves a run folder: service.log, downstream.log, step-N.csv,
# steps.csv and the collector's run store and report (per-step numbers: report.md); service-exit.txt when the
# service died during the run (heap-death: when, its exit status and its last words).
#
#   examples/run-scenario.sh <scenario> [--ci] [--out DIR] [--db auto|postgres|mariadb|h2]
#                            [--rates R1,R2,...] [--no-schedule]
#                            [--drive hey-script|stairs|search [--slo SLO] [--max-time DUR] [--probe-duration DUR]]
# WARM_UP_SECONDS (default 10): how long the warm-up before recording runs (at up to 5 RPS).
# JAVA_<release>_HOME (e.g. JAVA_25_HOME): the JDK for a scenario whose service.java names that
# release (default /usr/lib/jvm/temurin-<release>-jdk-amd64); the others run the java on the PATH.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
examples=$root/examples
scenarios_dir=$examples/scenarios

valid_scenarios() { (cd "$scenarios_dir" && ls -1 ./*.yaml 2>/dev/null | sed 's|^\./||; s|\.yaml$||' | LC_ALL=C sort | paste -sd' '); }
usage() {
  cat >&2 <<USAGE
usage: examples/run-scenario.sh <scenario> [--ci] [--out DIR] [--db auto|postgres|mariadb|h2]
                                [--rates R1,R2,...] [--no-schedule]
                                [--drive hey-script|stairs|search [--slo SLO] [--max-time DUR] [--probe-duration DUR]]
  scenario   one of: $(valid_scenarios)
  --ci       the CI-sized stairs (shorter steps)
  --out DIR  run folder (default runs/<scenario>-<timestamp>)
  --db       database: postgres (127.0.0.1:5432), mariadb (127.0.0.1:3306), h2 (an H2 server
             started in its own process), or auto (default: the scenario's database: if it
             names one, else postgres when 127.0.0.1:5432 answers, else h2)
  --rates    other stairs than the scenario's (offered RPS per step, rising); its expect may
             then not hold
  --no-schedule
             (with --drive hey-script) do not give the collector the stairs' schedule (steps.csv,
             still written): it detects the steps from the server's request rate, as with a
             load tool it cannot read
  --drive    who drives the load: stairs (default: the collector's built-in engine,
             'chokepoint run --requests … --stairs … --step-duration …'), hey-script (your own load tool's
             route: examples/load/stairs.sh under 'chokepoint run -- …', the schedule read from
             its steps.csv) or search ('chokepoint search', the capacity within --slo, default
             p95<=300ms, in at most --max-time, default 10m, probes of --probe-duration, default
             15s; --probe is its old name)
USAGE
}
die_usage() { echo "run-scenario.sh: $*" >&2; usage; exit 2; }
log() { echo "[run-scenario $(date +%T)] $*" >&2; }

scenario="" ci="" out="" db=auto db_given="" rates="" schedule=yes drive=stairs
search_slo="p95<=300ms" search_max_time=10m search_probe=15s
while (($#)); do
  case "$1" in
    --drive) [[ $# -ge 2 ]] || die_usage "--drive needs hey-script, stairs or search"; drive=$2; shift 2 ;;
    --slo) [[ $# -ge 2 ]] || die_usage "--slo needs an SLO like 'p95<=300ms'"; search_slo=$2; shift 2 ;;
    --max-time) [[ $# -ge 2 ]] || die_usage "--max-time needs a duration like 10m"; search_max_time=$2; shift 2 ;;
    --probe-duration|--probe) [[ $# -ge 2 ]] || die_usage "$1 needs a duration like 15s"; search_probe=$2; shift 2 ;;
    --ci) ci=--ci; shift ;;
    --rates) [[ $# -ge 2 ]] || die_usage "--rates needs a list like 10,30,120"; rates=$2; shift 2 ;;
    --no-schedule) schedule=""; shift ;;
    --out) [[ $# -ge 2 ]] || die_usage "--out needs a folder"; out=$2; shift 2 ;;
    --db) [[ $# -ge 2 ]] || die_usage "--db needs auto, postgres, mariadb or h2"; db=$2; db_given=1; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) die_usage "unknown option '$1'" ;;
    *) [[ -z $scenario ]] || die_usage "only one scenario at a time (got '$scenario' and '$1')"; scenario=$1; shift ;;
  esac
done
[[ -n $scenario ]] || die_usage "name a scenario"
[[ $scenario =~ ^[a-z][a-z0-9-]*$ && -f $scenarios_dir/$scenario.yaml ]] \
  || die_usage "unknown scenario '$scenario' (valid: $(valid_scenarios))"
case "$db" in auto|postgres|mariadb|h2) ;; *) die_usage "unknown --db '$db' (valid: auto postgres mariadb h2)" ;; esac
case "$drive" in hey-script|stairs|search) ;; *) die_usage "unknown --drive '$drive' (valid: hey-script stairs search)" ;; esac
[[ -n $schedule || $drive == hey-script ]] \
  || die_usage "--no-schedule goes with --drive hey-script (the built-in engine's steps are its own schedule)"
[[ -z $rates || $rates =~ ^[0-9]+([.][0-9]+)?(,[0-9]+([.][0-9]+)?)*$ ]] \
  || die_usage "--rates must be numbers separated by commas, got '$rates'"

out=${out:-$root/runs/$scenario-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# ---- everything started below is recorded here and stopped at exit ------------------------------
source "$examples/setup/processes.sh"
cgroup_dirs=() cleanup_dirs=()
undo() {
  stop_started
  for dir in "${cgroup_dirs[@]}"; do
    # A cgroup can only be removed once it is empty; its processes were stopped above.
    for _ in $(seq 1 25); do rmdir "$dir" 2>/dev/null && break; sleep 0.2; done
    [[ -d $dir ]] && echo "run-scenario.sh: could not remove cgroup $dir" >&2
  done
  for dir in "${cleanup_dirs[@]}"; do rm -rf "$dir"; done
}
at_exit undo

# ---- tools and builds ---------------------------------------------------------------------------
if ! command -v hey >/dev/null; then
  log "installing the load tool (examples/setup/install-tools.sh)"
  bash "$examples/setup/install-tools.sh"
fi
agent_jar=$root/agent/target/chokepoint-agent.jar
collector_jar=$root/collector/target/chokepoint.jar
service_jar=$examples/market-service/target/market-service.jar
downstream_jar=$examples/downstream-service/target/downstream-service.jar
scenario_jar=$examples/scenario-model/target/scenario-model.jar
build() { # module, jar: package a module (and what it needs) when its jar is missing
  [[ -f $2 ]] && return 0
  log "building $1 (output in $out/build.log)"
  (cd "$root" && mvn -B -ntp -q -DskipTests package -pl "$1" -am) >>"$out/build.log" 2>&1 || return 1
}
build examples/scenario-model "$scenario_jar"
build examples/downstream-service "$downstream_jar"
build examples/market-service "$service_jar"
build agent "$agent_jar" || log "the agent did not build: the service runs without it (Actuator metrics only)"
build collector "$collector_jar" || log "the collector did not build: the stairs run without it (no report)"

# Run from copies: a rebuild of the agent or collector during the run (developers rebuild while a
# demo runs) must not swap classes under the running JVMs.
snapshot=$(mktemp -d)
cleanup_dirs+=("$snapshot")
for jar in agent_jar collector_jar; do
  if [[ -f ${!jar} ]]; then
    cp "${!jar}" "$snapshot/" && printf -v "$jar" '%s' "$snapshot/$(basename "${!jar}")"
  fi
done

# ---- the scenario -------------------------------------------------------------------------------
scenario_vars=$(java -jar "$scenario_jar" "$scenarios_dir/$scenario.yaml" $ci) || exit 2
eval "$scenario_vars"
if [[ -n $rates ]]; then
  log "stairs $rates instead of the scenario's $LOAD_RATES: its expect may not hold"
  LOAD_RATES=$rates
fi
log "scenario $SCENARIO_NAME${SCENARIO_CASE:+ (case $SCENARIO_CASE)}: $SCENARIO_DESCRIPTION"
if [[ -n $SCENARIO_DB ]]; then
  # A scenario whose case is one database's (MariaDB's row locks read through MySQL's exporter) names it.
  if [[ -z $db_given || $db == auto ]]; then
    db=$SCENARIO_DB
  elif [[ $db != "$SCENARIO_DB" ]]; then
    log "--db $db instead of the scenario's database $SCENARIO_DB: its expect may not hold"
  fi
fi
log "run folder $out"

# ---- the service's JVM: the java on the PATH, or the JDK of the release the scenario names ------
service_java=java
if [[ -n $SERVICE_JAVA ]]; then
  # JAVA_<release>_HOME chooses another install; the default is where these machines keep Temurin.
  home_var=JAVA_${SERVICE_JAVA}_HOME
  jdk_home=${!home_var:-/usr/lib/jvm/temurin-$SERVICE_JAVA-jdk-amd64}
  service_java=$jdk_home/bin/java
  if [[ ! -x $service_java ]]; then
    echo "run-scenario.sh: scenario $scenario runs the service on Java $SERVICE_JAVA (service.java in" \
      "its file), and there is no $service_java: install a JDK $SERVICE_JAVA there (Temurin)" \
      "or set $home_var to one" >&2
    exit 1
  fi
  # A JDK of another release at that path (a link moved) would run the scenario on the wrong one.
  release=$("$service_java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
  if [[ $release != "$SERVICE_JAVA" ]]; then
    echo "run-scenario.sh: scenario $scenario runs the service on Java $SERVICE_JAVA, but $service_java" \
      "is Java ${release:-of unknown release}; set $home_var to a JDK $SERVICE_JAVA" >&2
    exit 1
  fi
  log "the service runs on Java $SERVICE_JAVA ($service_java)"
fi

wait_for_file() { # file, pid, what, seconds
  local deadline=$((SECONDS + $4))
  until [[ -s $1 ]]; do
    kill -0 "$2" 2>/dev/null || { echo "run-scenario.sh: $3 exited during start-up; see its log in $out" >&2; return 1; }
    ((SECONDS < deadline)) || { echo "run-scenario.sh: $3 not ready after $4 s; see its log in $out" >&2; return 1; }
    sleep 0.5
  done
}

# ---- database -----------------------------------------------------------------------------------
db_args=()
if [[ $db == auto ]]; then
  # The demo needs no database set up: a machine without PostgreSQL gets H2, in a process of its
  # own so that database work never hides inside the service's CPU.
  if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
    db=postgres
  else
    db=h2
    log "no PostgreSQL on 127.0.0.1:5432: using an H2 server in its own process (--db postgres|mariadb to choose)"
  fi
fi
case "$db" in
  postgres|mariadb)
    bash "$examples/setup/start-databases.sh" "$db"
    [[ $db == mariadb ]] && db_args=(--spring.profiles.include=mariadb) ;;
  h2)
    h2_port=$(free_port)
    # H2 ships inside the service's fat jar; PropertiesLauncher runs its server main from there.
    java -Xmx512m -cp "$service_jar" -Dloader.main=org.h2.tools.Server \
      org.springframework.boot.loader.launch.PropertiesLauncher \
      -tcp -tcpPort "$h2_port" -ifNotExists >"$out/h2.log" 2>&1 &
    pids+=($!)
    deadline=$((SECONDS + 30))
    until (exec 3<>"/dev/tcp/127.0.0.1/$h2_port") 2>/dev/null; do
      ((SECONDS < deadline)) || { echo "run-scenario.sh: the H2 server did not start; see $out/h2.log" >&2; exit 1; }
      sleep 0.5
    done
    db_args=(--spring.profiles.include=h2 "--market.h2.port=$h2_port") ;;
esac

# ---- the dependencies' exporters ---------------------------------------------------------------
# Debian's exporters (examples/setup/install-tools.sh), run as plain processes on loopback
# ephemeral ports and stopped at exit like everything else; the collector records each beside the
# agent (--target) and joins it to the database the agent connected to (docs/dependencies.md).
exporter_targets=()
start_exporter() { # name, port, command...
  local name=$1 port=$2
  shift 2
  "$@" >"$out/exporter-$name.log" 2>&1 &
  pids+=($!)
  local deadline=$((SECONDS + 20))
  until curl -fsS --max-time 2 "http://127.0.0.1:$port/metrics" >/dev/null 2>&1; do
    kill -0 "${pids[-1]}" 2>/dev/null || { echo "run-scenario.sh: the $name exporter exited; see $out/exporter-$name.log" >&2; return 1; }
    ((SECONDS < deadline)) || { echo "run-scenario.sh: the $name exporter did not answer in 20 s; see $out/exporter-$name.log" >&2; return 1; }
    sleep 0.3
  done
  exporter_targets+=(--target "http://127.0.0.1:$port/metrics")
  log "$name exporter at http://127.0.0.1:$port/metrics"
}
for exporter in "${EXPORTERS[@]}"; do
  case "$exporter" in
    postgres)
      [[ $db == postgres ]] || { log "no PostgreSQL in this run (--db $db): its exporter is not started"; continue; }
      command -v prometheus-postgres-exporter >/dev/null || bash "$examples/setup/install-tools.sh"
      port=$(free_port)
      start_exporter postgres "$port" env DATA_SOURCE_NAME="postgresql://postgres@127.0.0.1:5432/test?sslmode=disable" \
        prometheus-postgres-exporter "--web.listen-address=127.0.0.1:$port" \
        "--extend.query-path=$examples/exporters/postgres-queries.yaml" --no-collector.database --no-collector.bgwriter ;;
    mysql)
      [[ $db == mariadb ]] || { log "no MariaDB in this run (--db $db): MySQL's exporter is not started"; continue; }
      command -v prometheus-mysqld-exporter >/dev/null || bash "$examples/setup/install-tools.sh"
      port=$(free_port)
      # Debian's exporter (0.14) takes its DSN from the environment; root has no password here.
      # --config.my-cnf=/dev/null: a ~/.my.cnf of whoever runs the demo must not change the account.
      # The collectors the rules read: SHOW GLOBAL STATUS (threads running and connected, InnoDB
      # row lock waits) and SHOW GLOBAL VARIABLES (max_connections, port), plus mysql_version_info;
      # not the other defaults (replica status, compression and response-time tables), which made
      # a scrape time out now and then on a host at load 30.
      start_exporter mysql "$port" env DATA_SOURCE_NAME="root@tcp(127.0.0.1:3306)/" \
        prometheus-mysqld-exporter "--web.listen-address=127.0.0.1:$port" --config.my-cnf=/dev/null \
        --no-collect.slave_status --no-collect.info_schema.query_response_time \
        --no-collect.info_schema.innodb_cmp --no-collect.info_schema.innodb_cmpmem ;;
    node)
      command -v prometheus-node-exporter >/dev/null || bash "$examples/setup/install-tools.sh"
      port=$(free_port)
      # The collectors the rules read (CPU, load, pressure), not the dozens a host dashboard wants.
      start_exporter node "$port" prometheus-node-exporter "--web.listen-address=127.0.0.1:$port" \
        --collector.disable-defaults --collector.cpu --collector.loadavg --collector.pressure ;;
  esac
done

# ---- downstream ---------------------------------------------------------------------------------
remote_args=()
if [[ -n $DOWNSTREAM_CONCURRENCY ]]; then
  java -Xmx128m -jar "$downstream_jar" --port 0 --concurrency "$DOWNSTREAM_CONCURRENCY" \
    --service-time-ms "$DOWNSTREAM_SERVICE_TIME_MS" --port-file "$out/downstream.port" >"$out/downstream.log" 2>&1 &
  pids+=($!)
  wait_for_file "$out/downstream.port" "${pids[-1]}" "the downstream service" 30
  remote_args=("--market.search.remote-url=http://127.0.0.1:$(cat "$out/downstream.port")")
  log "downstream on port $(cat "$out/downstream.port"): concurrency $DOWNSTREAM_CONCURRENCY, service time $DOWNSTREAM_SERVICE_TIME_MS ms"
fi

# ---- cgroups: a CPU quota, or a favoured busy neighbour ------------------------------------------
launcher=()
cgroup_v2=""
[[ -f /sys/fs/cgroup/cgroup.controllers ]] && cgroup_v2=yes
new_cgroup() { # name: makes a cpu cgroup, prints its folder
  local dir
  if [[ -n $cgroup_v2 ]]; then dir=/sys/fs/cgroup/$1
  elif [[ -d /sys/fs/cgroup/cpu ]]; then dir=/sys/fs/cgroup/cpu/$1
  else
    echo "run-scenario.sh: no cgroup cpu controller under /sys/fs/cgroup; $scenario needs one (run as root)" >&2
    return 1
  fi
  mkdir "$dir" && echo "$dir"
}
cpu_weight() { # folder, weight (cgroup v2's scale, 100 = default)
  if [[ -n $cgroup_v2 ]]; then echo "$2" >"$1/cpu.weight"; else echo $(($2 * 1024 / 100)) >"$1/cpu.shares"; fi
}
if [[ -n $SERVICE_CPU_QUOTA ]]; then
  period=100000
  quota=$(awk -v c="$SERVICE_CPU_QUOTA" -v p=$period 'BEGIN { printf "%d", c * p }')
  dir=$(new_cgroup "chokepoint-$scenario-$$") || exit 1
  cgroup_dirs+=("$dir")
  if [[ -n $cgroup_v2 ]]; then
    echo "$quota $period" >"$dir/cpu.max"
  else
    echo $period >"$dir/cpu.cfs_period_us"
    echo "$quota" >"$dir/cpu.cfs_quota_us"
  fi
  log "cgroup $dir: CPU quota $SERVICE_CPU_QUOTA cores ($quota/$period us)"
fi
if [[ -n $NEIGHBOUR_CORES ]]; then
  # The service and a neighbour in sibling cgroups, the neighbour weighted 10 to 1: when both want
  # a core the kernel gives the neighbour's busy loops theirs, as a host shared with a busier
  # tenant does. The service keeps whatever cores the neighbour leaves.
  dir=$(new_cgroup "chokepoint-$scenario-$$") || exit 1
  cgroup_dirs+=("$dir")
  neighbour=$(new_cgroup "chokepoint-$scenario-$$-neighbour") || exit 1
  cgroup_dirs+=("$neighbour")
  cpu_weight "$dir" 100
  cpu_weight "$neighbour" 1000
  for _ in $(seq 1 "$NEIGHBOUR_CORES"); do
    bash -c 'echo $$ >"$0/cgroup.procs" && exec sh -c "while :; do :; done"' "$neighbour" &
    pids+=($!)
  done
  log "neighbour: $NEIGHBOUR_CORES busy core(s) in $neighbour, weighted 10:1 over the service's $dir"
fi
if ((${#cgroup_dirs[@]})); then
  # The shell joins the service's cgroup, then becomes the JVM, so the JVM starts (and stays) inside it.
  launcher=(bash -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "${cgroup_dirs[0]}")
fi

# ---- the service --------------------------------------------------------------------------------
agent_args=()
[[ -f $agent_jar ]] && agent_args=("-javaagent:$agent_jar=port=0")
"${launcher[@]}" "$service_java" "${SERVICE_JVM[@]}" "${agent_args[@]}" -Dmarket.port-file="$out/service.port" \
  -jar "$service_jar" --server.port=0 "--spring.profiles.active=$SERVICE_PROFILE" "${db_args[@]}" \
  "${remote_args[@]}" "${SERVICE_PROPERTIES[@]}" >"$out/service.log" 2>&1 &
pids+=($!)
service_pid=${pids[-1]}
service_started_ms=$(date +%s%3N)
if ! wait_for_file "$out/service.port" "$service_pid" "market-service" 300; then
  # The service's own start-up checks (a bad property, the redis profile without a Redis) say
  # what is missing in an IllegalState/IllegalArgument message: show it, not only the log's path.
  why=$(grep -E '^Caused by: java\.lang\.Illegal(State|Argument)Exception: ' "$out/service.log" 2>/dev/null | head -1 \
    | sed -E 's/^Caused by: java\.lang\.[A-Za-z]+: //')
  [[ -n $why ]] && echo "run-scenario.sh: market-service did not start: $why" >&2
  exit 1
fi
service_url=http://127.0.0.1:$(cat "$out/service.port")
deadline=$((SECONDS + 60))
until curl -fsS --max-time 2 "$service_url/actuator/health" 2>/dev/null | grep -q '"UP"'; do
  kill -0 "$service_pid" 2>/dev/null || { echo "run-scenario.sh: market-service exited; see $out/service.log" >&2; exit 1; }
  ((SECONDS < deadline)) || { echo "run-scenario.sh: market-service not healthy after 60 s; see $out/service.log" >&2; exit 1; }
  sleep 0.5
done
target=$service_url/actuator/prometheus
if ((${#agent_args[@]})); then
  agent_url=$(grep -o 'chokepoint: metrics at http://[^ ]*/metrics' "$out/service.log" | head -1 | sed 's/^chokepoint: metrics at //')
  if [[ -n $agent_url ]]; then
    target=$agent_url
  else
    log "the agent serves no /metrics (see service.log); falling back to Actuator"
  fi
fi
log "market-service at $service_url, metrics at $target"

# A service may die under load (heap-death: OutOfMemoryError, then the JVM exits). The stairs and
# the collector go on against the dead port, so the report covers every step; this watcher notes
# when the process went. It is stopped before the service at exit (stop_started goes last-first),
# so a service stopped by this script is never taken for one that died.
(
  trap 'exit 0' TERM
  while kill -0 "$service_pid" 2>/dev/null; do sleep 0.2; done
  date +%s%3N >"$out/service-gone.ms"
) &
pids+=($!)

# ---- load ---------------------------------------------------------------------------------------
stairs=("$examples/load/stairs.sh" --url "$service_url$LOAD_PATH" --rates "$LOAD_RATES"
  --step-seconds "$LOAD_STEP_SECONDS" --out "$out" --max-workers "$LOAD_CONCURRENCY"
  --per-worker-max "$LOAD_WORKER_RATE" --method "$LOAD_METHOD")
[[ -n $LOAD_BODY ]] && stairs+=(--body "$examples/load/$LOAD_BODY")

# Warm-up before recording (JIT, connection pools, caches), as load tests do: without it the JIT
# compiling the handlers would eat the first step's CPU (the whole quota, in cpu-quota).
warm_up_seconds=${WARM_UP_SECONDS:-10}
[[ $warm_up_seconds =~ ^[1-9][0-9]*$ ]] || { echo "run-scenario.sh: WARM_UP_SECONDS must be a whole number of seconds, 1 or more; got '$warm_up_seconds'" >&2; exit 2; }
warm_up=(-z "${warm_up_seconds}s" -c 1 -q 5 -m "$LOAD_METHOD")
[[ -n $LOAD_BODY ]] && warm_up+=(-D "$examples/load/$LOAD_BODY" -T application/json)
log "warm-up: $warm_up_seconds s at up to 5 rps (not part of the stairs)"
hey "${warm_up[@]}" "$service_url$LOAD_PATH" >"$out/warm-up.txt" 2>&1 || log "warm-up failed; see $out/warm-up.txt"

# The load runs in its own process group, in the background: a signal to this script then runs
# undo at once (bash defers traps while a foreground child runs), and undo stops the
# collector, the stairs and hey together.
status=0
if [[ $drive != hey-script ]]; then
  [[ -f $collector_jar ]] || { echo "run-scenario.sh: --drive $drive needs the collector jar (mvn -pl collector -am package)" >&2; exit 1; }
  # The collector's built-in engine sends what the scenario's load says, from a requests file.
  {
    echo "requests:"
    echo "  - url: $service_url$LOAD_PATH"
    echo "    method: $LOAD_METHOD"
    if [[ -n $LOAD_BODY ]]; then
      echo "    body-file: $examples/load/$LOAD_BODY"
      echo "    headers: {Content-Type: application/json}"
    fi
  } >"$out/requests.yaml"
  if [[ $drive == stairs ]]; then
    log "built-in stairs $LOAD_RATES rps, $LOAD_STEP_SECONDS s each (chokepoint run --stairs)"
    drive_args=(run --requests "$out/requests.yaml" --stairs "$LOAD_RATES" --step-duration "${LOAD_STEP_SECONDS}s")
  else
    log "capacity search within $search_slo, at most $search_max_time, probes of $search_probe (chokepoint search)"
    drive_args=(search --requests "$out/requests.yaml" --slo "$search_slo" --max-time "$search_max_time"
      --probe-duration "$search_probe")
  fi
  setsid java -jar "$collector_jar" "${drive_args[@]}" --target "$target" "${exporter_targets[@]}" --out "$out" \
    > >(tee "$out/collector.log") 2>&1 &
elif [[ -f $collector_jar ]]; then
  log "stairs $LOAD_RATES rps, $LOAD_STEP_SECONDS s each, under the collector"
  step_args=(--steps-file "$out/steps.csv")
  if [[ -z $schedule ]]; then
    step_args=()
    log "the collector gets no schedule: it detects the steps from the server's request rate"
  fi
  setsid java -jar "$collector_jar" run --target "$target" "${exporter_targets[@]}" --out "$out" "${step_args[@]}" -- "${stairs[@]}" \
    > >(tee "$out/collector.log") 2>&1 &
else
  log "stairs $LOAD_RATES rps, $LOAD_STEP_SECONDS s each (no collector jar: no report)"
  setsid "${stairs[@]}" > >(tee "$out/stairs.log") 2>&1 &
fi
load=$!
pids+=(-"$load")
wait "$load" || status=$?
if ! kill -0 "$service_pid" 2>/dev/null; then
  service_status=0
  wait "$service_pid" || service_status=$?
  gone_ms=$(cat "$out/service-gone.ms" 2>/dev/null || echo "")
  {
    echo "market-service exited with status $service_status during the run"
    if [[ -n $gone_ms ]]; then
      echo "gone at $(date -u -d "@$((gone_ms / 1000))" +%T) UTC (epoch ms $gone_ms, ±0.2 s), $(( (gone_ms - service_started_ms) / 1000 )) s after it was started"
      awk -F, -v t="$gone_ms" 'NR > 1 && t >= $2 && t <= $3 { printf "during step %d (offered %s rps), %.1f s into it\n", $1, $4, (t - $2) / 1000 }' "$out/steps.csv"
    fi
    echo "last lines of service.log:"
    tail -n 5 "$out/service.log" | sed 's/^/  /'
  } >"$out/service-exit.txt"
  log "the service died during the run: $(sed -n 1p "$out/service-exit.txt"); see $out/service-exit.txt"
fi
rm -f "$out/service-gone.ms"
log "expected: $EXPECT_RESOURCE${EXPECT_STEP:+ saturated from step $EXPECT_STEP}${EXPECT_TARGET_DIES:+, the service dying there}; per-step numbers in $out/report.md"
exit "$status"
