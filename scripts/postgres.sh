#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the PostgreSQL test suite and the load bench.
# If none answers, starts the local cluster (Debian's postgresql-common layout: trust authentication on
# loopback, user postgres). Exit status 0 when PostgreSQL is reachable afterwards, 1 when it is not.
#   scripts/postgres.sh            ensure it runs (quietly when it already does)
#   scripts/postgres.sh --shared-buffers 4GB
#                                  also give the local cluster that much shared memory (ALTER SYSTEM, then a
#                                  restart if it changed): what ./bench load postgresql runs with
set -uo pipefail

shared_buffers=""
if [ "${1:-}" = --shared-buffers ]; then
    shared_buffers=${2:?--shared-buffers needs a size, e.g. 4GB}
fi

host=${VIGIL_TEST_PG_HOST:-127.0.0.1}

reachable() {
    command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h "$host" -p 5432
}

# ALTER SYSTEM for shared_buffers, then a restart of the local clusters when the running value differs
tune() {
    [ -z "$shared_buffers" ] && return 0
    local current
    current=$(psql -h "$host" -U postgres -Atc "SHOW shared_buffers" 2>/dev/null) || return 1
    [ "$current" = "$shared_buffers" ] && return 0
    echo "postgres: shared_buffers $current -> $shared_buffers (ALTER SYSTEM, restarting the local cluster)" >&2
    psql -h "$host" -U postgres -qc "ALTER SYSTEM SET shared_buffers = '$shared_buffers'" || return 1
    for version in $(ls /etc/postgresql); do
        pg_ctlcluster --skip-systemctl-redirect "$version" main restart >&2 || return 1
    done
    for _ in $(seq 1 30); do
        reachable && return 0
        sleep 0.5
    done
    return 1
}

if reachable; then
    tune
    exit
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
    if reachable; then
        tune
        exit
    fi
    sleep 0.5
done
echo "postgres: the cluster did not answer on $host:5432" >&2
exit 1
