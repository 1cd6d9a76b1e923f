#!/usr/bin/env bash
# Sourced by ./test: can this machine build and try the .deb (Linux, dpkg-deb, fakeroot)? If so, installs
# from Debian's packages what the package test needs to show the desktop app: Xvfb, xwininfo, GTK and GL.
# Sets VIGIL_PACKAGE_TEST=1 when the package test should run.

vigil_package_deps() {
    VIGIL_PACKAGE_TEST=0
    if [ "$(uname -s)" != Linux ] || ! command -v dpkg-deb >/dev/null || ! command -v fakeroot >/dev/null; then
        echo "test: no dpkg-deb/fakeroot here: the .deb is not built and its test does not run"
        return 0
    fi
    local need=() package
    command -v Xvfb >/dev/null || need+=(xvfb)
    command -v xwininfo >/dev/null || need+=(x11-utils)
    for package in libgtk-3-0 libgl1; do
        dpkg -s "$package" >/dev/null 2>&1 || need+=("$package")
    done
    if [ ${#need[@]} -gt 0 ]; then
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo=sudo
        echo "test: installing ${need[*]} for the package test"
        $sudo apt-get install -y -q "${need[@]}" >/dev/null \
            || { $sudo apt-get update -q >/dev/null && $sudo apt-get install -y -q "${need[@]}" >/dev/null; } \
            || { echo "test: cannot install ${need[*]} (apt-get failed)" >&2; return 1; }
    fi
    VIGIL_PACKAGE_TEST=1
}
