#!/usr/bin/env bash
# PostgreSQL, MariaDB and Redis are started with the development machines; this starts them
# again if they stopped (same commands the machine uses), and waits until they accept connections.
#   examples/setup/start-databases.sh [postgres] [mariadb] [redis]     (default: all three)
set -euo pipefail
wanted=("$@")
((${#wanted[@]})) || wanted=(postgres mariadb redis)

postgres_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
mariadb_up() { mariadb-admin -h 127.0.0.1 -uroot ping >/dev/null 2>&1; }
# Redis: the redis scenario and the agent's wait-probe test (Lettuce) use 127.0.0.1:6379.
redis_up() { [[ $(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null) == PONG ]]; }
start_postgres() { pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start; }
start_mariadb() { start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd; }
start_redis() {
  command -v redis-server >/dev/null || apt-get install -y -qq redis-server >/dev/null
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
}

for db in "${wanted[@]}"; do
  case "$db" in
    postgres|mariadb|redis) "${db}_up" || "start_$db" 2>/dev/null || true ;;
    *) echo "start-databases: unknown database '$db' (valid: postgres mariadb redis)" >&2; exit 2 ;;
  esac
done
for _ in $(seq 1 60); do
  down=()
  for db in "${wanted[@]}"; do "${db}_up" || down+=("$db"); done
  ((${#down[@]})) || exit 0
  sleep 1
done
echo "start-databases: ${down[*]} on 127.0.0.1 did not come up within 60 s (PostgreSQL 5432, MariaDB 3306, Redis 6379); install and start it, or run the demo with --db h2" >&2
exit 1
