#!/usr/bin/env bash
# Regenerates docs/screenshots/*.png: the desktop dashboard over an in-process server with a seeded demo
# tenant, rendered on JavaFX's headless platform (no display needed). Run from anywhere in the repository;
# model and server must be installed first (./mvnw -o install -DskipTests -pl model,server).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh

./mvnw -B -ntp -q -o -pl desktop-app test-compile
classpath_file="$(mktemp)"
trap 'rm -f "$classpath_file"' EXIT
./mvnw -B -ntp -q -o -pl desktop-app dependency:build-classpath \
    -Dmdep.outputFile="$classpath_file" -Dmdep.includeScope=test

java -Xmx2g --enable-native-access=ALL-UNNAMED \
    -Dglass.platform=Headless -Dprism.order=sw -Djava.awt.headless=true \
    -cp "desktop-app/target/classes:desktop-app/target/test-classes:$(cat "$classpath_file")" \
    dev.vigil.desktop.screenshots.Screenshots "${1:-docs/screenshots}"
