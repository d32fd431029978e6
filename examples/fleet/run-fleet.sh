#!/usr/bin/env bash
# A fleet behind a load balancer, diagnosed through Prometheus: three market-service instances
# with the Chokepoint agent, nginx (Debian package) balancing them on a loopback port, Prometheus
# (Debian package, a plain process with its own data folder in the run folder) scraping the agents
# every second, hey stairs against nginx under `chokepoint run --prometheus`. Stops everything it
# started (and removes the database role and schema it made) on success, failure and Ctrl-C.
#
#   examples/fleet/run-fleet.sh <shared-db|hot-instance> [--ci] [--out DIR]
#
#   shared-db     every instance has a 10-connection pool, the database grants their role only 12
#                 connections in all (CREATE ROLE ... CONNECTION LIMIT): the shared limit.
#   hot-instance  nginx sends the first instance 6 of every 8 requests; each instance has 4 Tomcat
#                 workers: only the hot one saturates (uneven balancing).
#
# Orders spend long in the database (400 / 250 ms) so that the limits are reached at a few dozen
# requests per second: the three JVMs, nginx, Prometheus and hey share a 2-core machine, whose CPU
# must not become the bottleneck first.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
fleet=$root/examples/fleet
usage() { echo "usage: examples/fleet/run-fleet.sh <shared-db|hot-instance> [--ci] [--out DIR]" >&2; }
die_usage() { echo "run-fleet.sh: $*" >&2; usage; exit 2; }
log() { echo "[run-fleet $(date +%T)] $*" >&2; }

scenario="" ci="" out=""
while (($#)); do
  case "$1" in
    --ci) ci=1; shift ;;
    --out) [[ $# -ge 2 ]] || die_usage "--out needs a folder"; out=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    shared-db|hot-instance) [[ -z $scenario ]] || die_usage "one scenario at a time"; scenario=$1; shift ;;
    *) die_usage "unknown argument '$1' (scenarios: shared-db, hot-instance)" ;;
  esac
done
[[ -n $scenario ]] || die_usage "name a scenario"

for tool in prometheus nginx hey psql curl java; do
  command -v "$tool" >/dev/null || { echo "run-fleet.sh: '$tool' is not installed; run examples/setup/install-tools.sh (as root)" >&2; exit 1; }
done

out=${out:-$root/runs/fleet-$scenario-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# ---- scenario ----------------------------------------------------------------------------------
instances=3
schema=fleet_$$_$RANDOM
role="" db_user=postgres
case "$scenario" in
  shared-db)
    # 3 pools of 10 against a budget of 12 connections x 400 ms = ~30 orders/s for the fleet;
    # every pool ends up below its max while requests wait.
    role=chokepoint_fleet_$$_$RANDOM db_user=$role budget=12
    props=(--spring.profiles.active=pool --spring.datasource.hikari.minimum-idle=2
      --market.orders.storage-latency-ms=400)
    weights=(1 1 1)
    rates=6,15,60 ;;
  hot-instance)
    # 4 workers x 250 ms in the database = ~16 requests/s per instance; the hot one gets 75 %.
    props=(--server.tomcat.threads.max=4 --server.tomcat.threads.min-spare=4 --market.orders.storage-latency-ms=250)
    weights=(6 1 1)
    rates=4,12,48 ;;
esac
step_seconds=30
[[ -n $ci ]] && step_seconds=12

agent_jar=$root/agent/target/chokepoint-agent.jar
collector_jar=$root/collector/target/chokepoint.jar
service_jar=$root/examples/market-service/target/market-service.jar
for jar in "$agent_jar" "$collector_jar" "$service_jar"; do
  [[ -f $jar ]] || { echo "run-fleet.sh: $jar is missing; build first: mvn -B -ntp -DskipTests package" >&2; exit 1; }
done

# ---- everything started below is recorded here and undone at exit -------------------------------
source "$root/examples/setup/processes.sh"
psql_admin() { psql -h 127.0.0.1 -U postgres -d test -v ON_ERROR_STOP=1 -qAt "$@"; }
undo() {
  stop_started
  psql_admin -c "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1 || echo "run-fleet.sh: could not drop schema $schema" >&2
  if [[ -n $role ]]; then
    psql_admin -c "REVOKE ALL ON DATABASE test FROM $role" -c "DROP ROLE IF EXISTS $role" >/dev/null 2>&1 \
      || echo "run-fleet.sh: could not drop role $role" >&2
  fi
}
at_exit undo

wait_until() { # seconds, what, command...: poll until the command succeeds
  local deadline=$((SECONDS + $1)) what=$2
  shift 2
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || { echo "run-fleet.sh: $what not ready after $((SECONDS)) s; see the logs in $out" >&2; return 1; }
    sleep 0.5
  done
}

# ---- database: a schema for the fleet, and for shared-db a role with a connection budget --------
bash "$root/examples/setup/start-databases.sh" postgres
if [[ -n $role ]]; then
  psql_admin -c "CREATE ROLE $role LOGIN CONNECTION LIMIT $budget" -c "GRANT CREATE, CONNECT ON DATABASE test TO $role"
  log "database role $role: CONNECTION LIMIT $budget (the pools' max sum to $((instances * 10)))"
fi
psql_admin -c "CREATE SCHEMA $schema AUTHORIZATION $db_user"

# ---- the instances ------------------------------------------------------------------------------
start_instance() { # n
  local n=$1
  java -Xmx384m -XX:TieredStopAtLevel=1 "-javaagent:$agent_jar=port=0" -Dmarket.port-file="$out/service-$n.port" \
    -jar "$service_jar" --server.port=0 "--market.db.schema=$schema" "--spring.datasource.username=$db_user" \
    "${props[@]}" >"$out/service-$n.log" 2>&1 &
  pids+=($!)
}
healthy() { # n
  [[ -s $out/service-$1.port ]] && curl -fsS --max-time 2 "http://127.0.0.1:$(cat "$out/service-$1.port")/actuator/health" | grep -q '"UP"'
}
# The first instance creates and fills the schema alone; the others find it ready.
start_instance 1
wait_until 180 "market-service 1" healthy 1
for n in $(seq 2 $instances); do start_instance "$n"; done
for n in $(seq 2 $instances); do wait_until 180 "market-service $n" healthy "$n"; done
agents=()
for n in $(seq 1 $instances); do
  url=$(grep -o 'chokepoint: metrics at http://[^ ]*/metrics' "$out/service-$n.log" | head -1 | sed 's|^chokepoint: metrics at http://||; s|/metrics$||')
  [[ -n $url ]] || { echo "run-fleet.sh: instance $n has no agent endpoint; see $out/service-$n.log" >&2; exit 1; }
  agents+=("$url")
done
log "instances: $(for n in $(seq 1 $instances); do printf '127.0.0.1:%s ' "$(cat "$out/service-$n.port")"; done)(agents ${agents[*]})"

# ---- nginx --------------------------------------------------------------------------------------
nginx_port=$(free_port)
mkdir -p "$out/nginx"
servers=""
for n in $(seq 1 $instances); do
  servers+="        server 127.0.0.1:$(cat "$out/service-$n.port") weight=${weights[n-1]};"$'\n'
done
awk -v prefix="$out/nginx" -v port="$nginx_port" -v servers="${servers%$'\n'}" '
  { gsub(/@PREFIX@/, prefix); gsub(/@PORT@/, port) }
  /@UPSTREAM_SERVERS@/ { print servers; next }
  { print }' "$fleet/nginx.conf.template" >"$out/nginx/nginx.conf"
nginx -p "$out/nginx" -c "$out/nginx/nginx.conf" >"$out/nginx/stdout.log" 2>&1 &
pids+=($!)
wait_until 20 "nginx on port $nginx_port" curl -fsS --max-time 2 "http://127.0.0.1:$nginx_port/actuator/health"
log "nginx on 127.0.0.1:$nginx_port, weights ${weights[*]}"

# ---- Prometheus ---------------------------------------------------------------------------------
prom_port=$(free_port)
targets=$(printf "'%s', " "${agents[@]}")
sed "s|@TARGETS@|${targets%, }|" "$fleet/prometheus.yml.template" >"$out/prometheus.yml"
prometheus --config.file="$out/prometheus.yml" --storage.tsdb.path="$out/prometheus-data" \
  --web.listen-address="127.0.0.1:$prom_port" --log.level=warn >"$out/prometheus.log" 2>&1 &
pids+=($!)
prom=http://127.0.0.1:$prom_port
all_up() { curl -fsS --max-time 2 "$prom/api/v1/query" --data-urlencode 'query=count(up{job="market"} == 1)' | grep -q "\"$instances\"\]"; }
wait_until 60 "Prometheus scraping all $instances agents" all_up
log "Prometheus on $prom scraping ${agents[*]} every 1 s"

# ---- warm-up, then the stairs under the collector -----------------------------------------------
# hey workers wait for each answer; at 1 request/s per worker (--per-worker-max 1) there are
# enough of them to keep offering the step's rate while answers take up to a second.
body=$root/examples/load/orders.json
hey -z "$([[ -n $ci ]] && echo 6 || echo 10)s" -c 3 -q 5 -m POST -D "$body" -T application/json \
  "http://127.0.0.1:$nginx_port/orders" >"$out/warm-up.txt" 2>&1 || log "warm-up failed; see $out/warm-up.txt"
log "stairs $rates rps, $step_seconds s each, through nginx; report from Prometheus"
status=0
java -jar "$collector_jar" run --prometheus "$prom" --selector '{job="market"}' --out "$out" --steps-file "$out/steps.csv" \
  -- "$root/examples/load/stairs.sh" --url "http://127.0.0.1:$nginx_port/orders" --rates "$rates" \
  --step-seconds "$step_seconds" --out "$out" --max-workers 200 --per-worker-max 1 --method POST --body "$body" \
  2>&1 | tee "$out/collector.log" || status=$?
log "report: $out/report.md"
exit "$status"
