#!/usr/bin/env bash
# Installs the Debian packages the demo and the tests use: the load tool (hey), for the fleet
# example (examples/fleet) Prometheus and nginx, Chromium, in which a test renders the HTML
# report headless, and jq/yq, with which examples/verify-scenarios.sh reads reports and scenarios, and the
# databases' and host's exporters the db-* scenarios record (PostgreSQL's, MySQL's, node). Idempotent; needs root (it is root on these
# machines and in CI).
#
# Prometheus and nginx are run by the examples as plain processes with their own config and data
# in the run folder, so Debian's service scripts must not start them: a policy-rc.d that denies
# every start is in place while apt runs (and removed after, unless one was there before).
set -euo pipefail
need=()
for pkg in hey prometheus nginx chromium jq yq prometheus-postgres-exporter prometheus-node-exporter prometheus-mysqld-exporter; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if ((${#need[@]})); then
  policy=/usr/sbin/policy-rc.d
  own_policy=""
  if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\n# installed by chokepoint examples/setup/install-tools.sh: no service starts during apt\nexit 101\n' >"$policy"
    chmod +x "$policy"
    own_policy=1
  fi
  trap '[[ -n $own_policy ]] && rm -f "$policy"' EXIT
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
