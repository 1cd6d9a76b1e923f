#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the PostgreSQL test suite and the load bench.
# If none answers, starts the local cluster (Debian's postgresql-common layout: trust authentication on
# loopback, user postgres). Exit status 0 when PostgreSQL is reachable afterwards, 1 when it is not.
#   scripts/postgres.sh            ensure it runs (quietly when it already does)
#   scripts/postgres.sh --shared-buffers 4GB
#                                  also give the local cluster that much shared memory (ALTER SYSTEM, then a
#                                  restart if it changed), in huge pages where this user may reserve them:
#                                  what ./bench load postgresql runs with
set -uo pipefail

shared_buffers=""
if [ "${1:-}" = --shared-buffers ]; then
    shared_buffers=${2:?--shared-buffers needs a size, e.g. 4GB}
fi

host=${VIGIL_TEST_PG_HOST:-127.0.0.1}

reachable() {
    command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h "$host" -p 5432
}

# Reserves enough huge pages (vm.nr_hugepages) for shared_buffers and PostgreSQL's other shared memory, which
# its default huge_pages = try then takes at its next start. With 4 kB pages, every backend maps 4 GB of shared
# buffers through a million page-table entries: at a million findings under the load bench, list and search p95
# was 137-144 ms without huge pages and 65-110 ms with them (docs/BENCHMARKS.md, Load). The pages stay reserved
# until nr_hugepages is lowered. Exit status 0 when more pages were reserved (the cluster must restart to take
# them), 1 when not (enough already, or not allowed).
reserve_huge_pages() {
    local mb page_kb pages reserved
    case "$shared_buffers" in
        *GB) mb=$(( ${shared_buffers%GB} * 1024 )) ;;
        *MB) mb=${shared_buffers%MB} ;;
        *) return 1 ;;
    esac
    page_kb=$(awk '/^Hugepagesize:/ { print $2 }' /proc/meminfo 2>/dev/null)
    [ -n "$page_kb" ] && [ -w /proc/sys/vm/nr_hugepages ] || return 1
    pages=$(( (mb * 1024 * 105 / 100 + 64 * 1024) / page_kb ))   # 5% and 64 MB for the other shared memory
    [ "$(cat /proc/sys/vm/nr_hugepages)" -ge "$pages" ] && return 1
    echo "$pages" > /proc/sys/vm/nr_hugepages 2>/dev/null || return 1
    reserved=$(cat /proc/sys/vm/nr_hugepages)
    if [ "$reserved" -lt "$pages" ]; then   # the kernel found less free memory
        echo "postgres: only $reserved of $pages huge pages; PostgreSQL uses 4 kB pages" >&2
        echo 0 > /proc/sys/vm/nr_hugepages
        return 1
    fi
    echo "postgres: reserved $pages huge pages of $page_kb kB for shared_buffers = $shared_buffers" >&2
}

# ALTER SYSTEM for shared_buffers and huge pages for it, then a restart of the local clusters when either changed
tune() {
    [ -z "$shared_buffers" ] && return 0
    local current restart=""
    current=$(psql -h "$host" -U postgres -Atc "SHOW shared_buffers" 2>/dev/null) || return 1
    reserve_huge_pages && restart=yes
    if [ "$current" != "$shared_buffers" ]; then
        echo "postgres: shared_buffers $current -> $shared_buffers (ALTER SYSTEM)" >&2
        psql -h "$host" -U postgres -qc "ALTER SYSTEM SET shared_buffers = '$shared_buffers'" || return 1
        restart=yes
    fi
    [ -z "$restart" ] && return 0
    echo "postgres: restarting the local cluster" >&2
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
