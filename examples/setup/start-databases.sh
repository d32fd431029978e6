#!/usr/bin/env bash
# PostgreSQL and MariaDB run on these machines before a session starts; this starts them again if
# they stopped (same commands the machine uses), and waits until they accept connections.
#   examples/setup/start-databases.sh [postgres] [mariadb]     (default: both)
set -euo pipefail
wanted=("$@")
((${#wanted[@]})) || wanted=(postgres mariadb)

postgres_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
mariadb_up() { mariadb-admin -h 127.0.0.1 -uroot ping >/dev/null 2>&1; }
start_postgres() { pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start; }
start_mariadb() { start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd; }

for db in "${wanted[@]}"; do
  case "$db" in
    postgres|mariadb) "${db}_up" || "start_$db" 2>/dev/null || true ;;
    *) echo "start-databases: unknown database '$db' (valid: postgres mariadb)" >&2; exit 2 ;;
  esac
done
for _ in $(seq 1 60); do
  down=()
  for db in "${wanted[@]}"; do "${db}_up" || down+=("$db"); done
  ((${#down[@]})) || exit 0
  sleep 1
done
echo "start-databases: ${down[*]} on 127.0.0.1 did not come up within 60 s (PostgreSQL 5432, MariaDB 3306); install and start it, or run the demo with --db h2" >&2
exit 1
