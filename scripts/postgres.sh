#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the PostgreSQL test suite and the load bench.
# If none answers, starts the local cluster (Debian's postgresql-common layout: trust authentication on
# loopback, user postgres). Exit status 0 when PostgreSQL is reachable afterwards, 1 when it is not.
#   scripts/postgres.sh            ensure it runs (quietly when it already does)
set -uo pipefail

host=${VIGIL_TEST_PG_HOST:-127.0.0.1}

reachable() {
    command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h "$host" -p 5432
}

if reachable; then
    exit 0
fi
if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -d /etc/postgresql ]; then
    echo "postgres: no local PostgreSQL cluster to start (pg_ctlcluster or /etc/postgresql missing)" >&2
    exit 1
fi
for version in $(ls /etc/postgresql); do
    echo "postgres: starting the local cluster $version/main" >&2
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || true
done
for _ in $(seq 1 30); do
    reachable && exit 0
    sleep 0.5
done
echo "postgres: the cluster did not answer on $host:5432" >&2
exit 1
