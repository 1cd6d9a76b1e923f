# Sourced by ./vigil, ./test and .ci/run: selects a JDK the build accepts (21 or newer).
# A suitable JAVA_HOME wins; otherwise the newest JDK under /usr/lib/jvm.

vigil_java_feature() {  # prints the feature version of the JDK at $1, or nothing
    [ -x "$1/bin/javac" ] || return 0
    "$1/bin/java" -XshowSettings:properties -version 2>&1 \
        | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

vigil_select_jdk() {
    local best="" best_version=0 candidate version
    if [ -n "${JAVA_HOME:-}" ]; then
        version=$(vigil_java_feature "$JAVA_HOME")
        if [ -n "$version" ] && [ "$version" -ge 21 ]; then
            return 0
        fi
    fi
    for candidate in /usr/lib/jvm/*; do
        [ -L "$candidate" ] && continue
        version=$(vigil_java_feature "$candidate")
        if [ -n "$version" ] && [ "$version" -ge 21 ] && [ "$version" -gt "$best_version" ]; then
            best=$candidate
            best_version=$version
        fi
    done
    if [ -z "$best" ]; then
        echo "vigil: no JDK 21 or newer found (set JAVA_HOME or install one under /usr/lib/jvm)" >&2
        return 1
    fi
    export JAVA_HOME=$best
}

vigil_select_jdk || exit 1
export PATH="$JAVA_HOME/bin:$PATH"
