#!/usr/bin/env bash
# Rebuilds one source file of the bundled advisory snapshot (server/src/main/resources/advisories) from OSV
# records: osv.dev's per-ecosystem dumps (https://osv-vulnerabilities.storage.googleapis.com/<Ecosystem>/all.zip),
# a checkout of an OSV-format database (pypa/advisory-database's vulns/, golang/vulndb's data/osv,
# github/advisory-database's advisories/), or .json/.jsonl(.gz) files. Sources and licences: NOTICE.
#
#   scripts/advisory-snapshot.sh NAME INPUT...     writes advisories/NAME.jsonl.gz and lists it in snapshot.txt
#   scripts/advisory-snapshot.sh pypi-pypa ~/src/advisory-database/vulns
#   scripts/advisory-snapshot.sh go-vulndb ~/Downloads/Go-all.zip
#
# The snapshot's npm (nodejs security-wg, RetireJS), Maven (SAP project-kb, victims), RubyGems (rubysec) and
# Packagist (FriendsOfPHP) files were converted into OSV from those datasets' own formats; rebuild them from
# osv.dev's dumps of the same ecosystems (which carry those advisories as GHSA records) or from such OSV files.
# Review the diff of snapshot.txt, the size, and the licence of each new source in NOTICE before committing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/java-home.sh"
if [ $# -lt 2 ]; then
    sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
name=$1
shift
snapshot="$root/server/src/main/resources/advisories"
if [ ! -d "$root/server/target/lib" ]; then
    (cd "$root" && ./mvnw -q -B -DskipTests -pl server -am package)
fi
"$JAVA_HOME/bin/java" -cp "$root/server/target/lib/*" "$root/scripts/AdvisorySnapshot.java" \
    "$snapshot/$name.jsonl.gz" "$@"
grep -qxF "$name.jsonl.gz" "$snapshot/snapshot.txt" || echo "$name.jsonl.gz" >> "$snapshot/snapshot.txt"
sort -o "$snapshot/snapshot.txt" "$snapshot/snapshot.txt"
