#!/bin/sh
# Installs the Debian packages mneme needs to build and test, skipping those already present.
# The web front end needs node and npm (kept when already installed, from Debian or elsewhere)
# and its end-to-end test needs Chromium; the Slurm test (scripts/slurm-local.sh) needs
# slurm-wlm and munge; the fuzz targets (cmake --preset fuzz) need clang for libFuzzer, and
# scripts/format.sh needs clang-format; ccache makes rebuilds in other clones (CI's) cache hits.
set -eu
PACKAGES="g++ cmake make pkg-config libgtest-dev libgmock-dev zlib1g-dev libzstd-dev zstd
libcpp-httplib-dev nlohmann-json3-dev chromium slurm-wlm munge clang clang-format ccache"
missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
if [ -n "$missing" ]; then
    echo "installing:$missing" >&2
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi
