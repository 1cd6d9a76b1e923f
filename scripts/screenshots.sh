#!/usr/bin/env bash
# Regenerates docs/screenshots/*.png: the desktop dashboard over an in-process server with a seeded demo
# tenant, rendered on JavaFX's headless platform (no display needed). Run from anywhere in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh

classpath_file="$(mktemp)"
trap 'rm -f "$classpath_file"' EXIT
# one reactor build: the desktop's classpath then names model/ and server/ target directories, whatever
# ~/.m2 holds; each module writes the file in turn and the desktop, built last, writes it last
./mvnw -B -ntp -q -pl desktop-app -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$classpath_file" -Dmdep.includeScope=test

java -Xmx2g --enable-native-access=ALL-UNNAMED \
    -Dglass.platform=Headless -Dprism.order=sw -Djava.awt.headless=true \
    -cp "desktop-app/target/classes:desktop-app/target/test-classes:$(cat "$classpath_file")" \
    dev.vigil.desktop.screenshots.Screenshots "${1:-docs/screenshots}"
