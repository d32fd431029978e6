#!/usr/bin/env bash
# PostgreSQL and MariaDB run on these machines before a session starts; this starts them again if
# they stopped (same commands the machine uses), and waits until they accept connections.
set -euo pipefail
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
fi
if ! mariadb-admin -h 127.0.0.1 -uroot ping >/dev/null 2>&1; then
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd || true
fi
for _ in $(seq 1 60); do
  if pg_isready -q -h 127.0.0.1 -p 5432 && mariadb-admin -h 127.0.0.1 -uroot ping >/dev/null 2>&1; then
    exit 0
  fi
  sleep 1
done
echo "start-databases: PostgreSQL or MariaDB on 127.0.0.1 did not come up within 60 s" >&2
exit 1
