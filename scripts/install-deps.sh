#!/bin/sh
# Installs the Debian packages mneme needs to build and test, skipping those already present.
set -eu
PACKAGES="g++ cmake make pkg-config libgtest-dev libgmock-dev zlib1g-dev libzstd-dev zstd"
missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing" >&2
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi
