# Sourced by the service benches (overhead.sh, cpu-profile.sh, startup.sh): the services they can
# measure, the service process under test, stopped on exit however the bench ends, and what they
# read of it and of hey's output. The sourcing script sets service_pid when it launches the service.

# Sets, for service $1 (market or fast): service_jar and service_module (what to build), url_ready
# (answers once it serves), endpoints A and B (name_a/url_a, name_b/url_b), an optional endpoint C
# (name_c/url_c, empty where the service has none) and
# launch_args PORT_FILE FOLDER, the java arguments that run the jar as copied to FOLDER (a rebuild
# must not swap it under a running JVM); the market service keeps its tables in schema $2.
# Returns 1 for an unknown service.
define_service() {
  local root_dir
  root_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  case "$1" in
    market)
      service_jar=$root_dir/examples/market-service/target/market-service.jar
      service_module=examples/market-service
      market_schema=$2
      launch_args() {
        echo "-Dmarket.port-file=$1 -jar $2/market-service.jar --server.port=0 --spring.profiles.active=cpu --market.db.schema=$market_schema"
      }
      url_ready=/actuator/health name_a=cpu url_a=/map/layers/districts
      name_b=db url_b="/products?category=2&minPrice=10&maxPrice=500"
      name_c="" url_c="" ;;
    fast)
      service_jar=$root_dir/examples/fast-service/target/fast-service.jar
      service_module=examples/fast-service
      launch_args() { echo "-Dfast.port=0 -Dfast.port-file=$1 -jar $2/fast-service.jar"; }
      url_ready=/hello name_a=hello url_a=/hello
      name_b=select url_b=/select
      name_c=digest url_c=/digest ;;
    *) return 1 ;;
  esac
}

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
# a loopback port free now (for the OpenTelemetry agent's Prometheus exporter)
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# OTEL_VERSION, and otel_agent FOLDER: the OpenTelemetry Java agent's jar fetched from Maven Central
# into FOLDER (once), its path printed; the bench's peer.
OTEL_VERSION=2.31.0
otel_agent() {
  local jar=$1/opentelemetry-javaagent-$OTEL_VERSION.jar
  if [[ ! -f $jar ]]; then
    (cd "$1" && mvn -B -ntp -q dependency:copy -Dartifact=io.opentelemetry.javaagent:opentelemetry-javaagent:$OTEL_VERSION \
      -DoutputDirectory="$1" -Dmdep.stripVersion=false) >"$1/mvn.log" 2>&1 \
      || { echo "could not fetch the OpenTelemetry agent from Maven Central; see $1/mvn.log" >&2; return 1; }
  fi
  echo "$jar"
}
