#!/usr/bin/env bash
# Build the Raspberry Pi SD card image: one command (systemd/image/build.py does the work).
#
#   sudo systemd/image/build.sh            build (or find cached) card.img, print its path
#   sudo systemd/image/build.sh --rebuild  build again
#
# Installs the host's tools with apt first (Debian or Ubuntu): mmdebstrap and qemu-user for
# the arm64 system, dosfstools, mtools, fdisk and e2fsprogs for the card's partitions.
# Then write card.img (or card.img.xz) to a card with Raspberry Pi Imager or dd.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ "$(id -u)" -eq 0 ] || { echo "build.sh: run as root (sudo $0)" >&2; exit 1; }
TOOLS=(mmdebstrap qemu-user-static arch-test dosfstools mtools fdisk e2fsprogs xz-utils python3)
if ! dpkg -s "${TOOLS[@]}" >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${TOOLS[@]}"
fi
exec nice -n 10 "${PYTHON:-python3}" systemd/image/build.py "$@"
