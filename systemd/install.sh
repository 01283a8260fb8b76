#!/usr/bin/env bash
# Install the Celaeno table companion on a fresh Raspberry Pi OS Bookworm (Lite or Desktop).
#
#   sudo systemd/install.sh                    install or update, then (re)start the service
#   systemd/install.sh --dry-run               print every step, change nothing (no root needed)
#   sudo systemd/install.sh --wheelhouse DIR   install the app's Python packages from the
#                                              wheels in DIR only (no PyPI; offline machines)
#   systemd/install.sh --make-wheelhouse DIR   on any machine with internet: fill DIR with
#                                              every wheel a Pi needs (aarch64, Python 3.11)
#   systemd/install.sh --list-packages         print the Debian packages it installs
#
# Safe to run twice: every step either checks first or is idempotent, an existing
# /etc/celaeno/celaeno.toml is kept (and checked), and re-running updates the app.
#
# Why the venv uses --system-site-packages: gpiozero needs lgpio on a Pi 5 (RPi.GPIO
# does not work there), and lgpio on PyPI is a source package that needs the C library
# and swig to build. Debian's python3-lgpio is built for the Pi already, so the venv
# sees it and pip installs only what Debian does not provide. The pip extra [pi] is
# not used here for the same reason.
set -euo pipefail

SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DESTDIR="${DESTDIR:-}"   # prefix for every path written (packaging, tests); empty = /
PREFIX="/opt/celaeno"
VENV="$PREFIX/venv"
APP_USER="celaeno"
WEB_USER="celaeno-web"    # the phone view: reads the journal through the group $APP_USER
# Phones paired as seats: the phone view hands a seat's command to the companion over a local
# socket (/var/lib/celaeno/seats/table.sock) that only the members of this group may open:
# the companion's user and the phone view's. The owner's login is not one of them.
SEATS_GROUP="celaeno-seats"
STATE_DIR="/var/lib/celaeno"
GROUPS_NEEDED="gpio dialout video render input"
CONFIG="/etc/celaeno/celaeno.toml"
UNIT="/etc/systemd/system/celaeno.service"
# `celaeno …` on every user's PATH (docs/playing.md, "Other commands"), pointing into the venv.
COMMAND_LINK="/usr/local/bin/celaeno"
# Who ran `sudo install.sh`: the owner, who may then read the games (celaeno export).
OWNER="${SUDO_USER:-}"
WEB_UNIT="/etc/systemd/system/celaeno-web.service"
# The table's own Wi-Fi: NetworkManager's hotspot, which Raspberry Pi OS already runs.
HOTSPOT_UNIT="/etc/systemd/system/celaeno-hotspot.service"
UDEV_RULE_SOURCE="$SOURCE/hardware/99-celaeno-dice-reader.rules"
UDEV_RULE="/etc/udev/rules.d/99-celaeno-dice-reader.rules"
APT_PACKAGES=(
    python3 python3-venv python3-pip
    libgbm1 libdrm2 libegl1 libgles2 libgl1-mesa-dri   # SDL's kmsdrm driver loads these
    libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0  # for a pygame-ce built on the Pi
    fonts-noto-cjk           # Japanese on screen
)
# GPIO for gpiozero, Pi 5 included. Raspberry Pi OS ships it from its own archive; plain
# Debian (a generic arm64 board, a virtual machine) has no such package, and asking apt
# for it would fail the whole install. So these are installed only where the archive has
# them; without lgpio the buttons fall back to a USB keypad ([buttons] kind).
OPTIONAL_APT_PACKAGES=(python3-lgpio)
# --- smart dice (Bluetooth LE): BlueZ on the system D-Bus, and the group it answers ---
# Raspberry Pi OS has both already; a minimal Debian has neither. Pairing is not needed:
# the dice are chosen on the companion's Dice screen.
APT_PACKAGES+=(bluez dbus)
GROUPS_NEEDED+=" bluetooth"
# --- end of smart dice ---

DRY_RUN=0
WHEELHOUSE=""
MAKE_WHEELHOUSE=""
usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; }
while [ "$#" -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --wheelhouse)
            [ "$#" -ge 2 ] || { echo "install.sh: --wheelhouse needs a directory" >&2; exit 2; }
            WHEELHOUSE="$2"; shift ;;
        --wheelhouse=*) WHEELHOUSE="${1#--wheelhouse=}" ;;
        --make-wheelhouse)
            [ "$#" -ge 2 ] || { echo "install.sh: --make-wheelhouse needs a directory" >&2; exit 2; }
            MAKE_WHEELHOUSE="$2"; shift ;;
        --make-wheelhouse=*) MAKE_WHEELHOUSE="${1#--make-wheelhouse=}" ;;
        --list-packages) printf '%s\n' "${APT_PACKAGES[@]}"; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done

# The wheels for --wheelhouse: what pyproject.toml asks for (the app's dependencies and
# what building the app itself needs), resolved by pip with every dependency of theirs,
# for the Pi's platform. Read from pyproject every time: a list kept here would drift.
PYTHON="${PYTHON:-python3}"
requirements() {
    "$PYTHON" - "$SOURCE/pyproject.toml" <<'PY'
import sys
import tomllib

with open(sys.argv[1], "rb") as file:
    project = tomllib.load(file)
for requirement in (*project["project"]["dependencies"], *project["build-system"]["requires"]):
    print(requirement)
PY
}
make_wheelhouse() {
    local wanted
    wanted="$(requirements)" || {
        echo "install.sh: cannot read $SOURCE/pyproject.toml with $PYTHON (Python 3.11 or newer" \
             "is needed; set PYTHON=...)" >&2
        exit 2
    }
    mapfile -t wanted <<<"$wanted"
    run "$PYTHON" -m pip download --only-binary=:all: \
        --platform manylinux2014_aarch64 --platform manylinux_2_17_aarch64 \
        --python-version 3.11 --implementation cp --dest "$MAKE_WHEELHOUSE" "${wanted[@]}"
    if [ "$DRY_RUN" -eq 0 ]; then
        echo "Copy $MAKE_WHEELHOUSE to the Pi, then run there: sudo systemd/install.sh --wheelhouse <that copy>"
    fi
}

if [ -n "$WHEELHOUSE" ] && [ ! -d "$WHEELHOUSE" ]; then
    echo "install.sh: --wheelhouse $WHEELHOUSE: no such directory" >&2
    exit 2
fi


step() { printf '\n== %s\n' "$*"; }
note() { printf '   %s\n' "$*"; }
# Print a command as it could be pasted into a shell (quoted only where needed).
show() {
    local line="+" word
    for word in "$@"; do
        if [[ "$word" =~ ^[A-Za-z0-9_./:=,@%+-]+$ ]]; then line+=" $word"
        else line+=" '${word//\'/\'\\\'\'}'"; fi
    done
    printf '%s\n' "$line"
}
# Print a command, then run it unless this is a dry run.
run() {
    show "$@"
    if [ "$DRY_RUN" -eq 0 ]; then "$@"; fi
}

# Needs no root, nor a Pi: any machine with internet and Python 3.11.
if [ -n "$MAKE_WHEELHOUSE" ]; then
    make_wheelhouse
    exit 0
fi

if [ "$DRY_RUN" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root (sudo $0), or with --dry-run to see the steps" >&2
    exit 1
fi
if [ "$DRY_RUN" -eq 1 ]; then echo "Dry run: printing the steps, changing nothing."; fi
if ! grep -qs '^VERSION_CODENAME=bookworm' /etc/os-release; then
    note "warning: this is not Debian/Raspberry Pi OS Bookworm; continuing anyway"
fi

# systemd is running (the same test as sd_booted(3)), as opposed to a chroot or an image
# being built: there enable/disable still work (they only make links) but nothing can be
# reloaded, started or triggered; that happens at the first boot instead.
systemd_running() { [ -d "$DESTDIR/run/systemd/system" ]; }
# Run a command that needs a running systemd (and udev), or say why it is left out.
run_live() {
    if systemd_running; then run "$@"
    else show "$@"; note "(skipped: systemd is not running here; happens at the next boot)"; fi
}

step "1. System packages"
run apt-get update
packages=("${APT_PACKAGES[@]}")
for package in "${OPTIONAL_APT_PACKAGES[@]}"; do
    # Read-only, so asked even in a dry run: the printed install line is the real one.
    if apt-cache show "$package" >/dev/null 2>&1; then packages+=("$package")
    else note "$package is not in this system's package archive; skipping it"; fi
done
run apt-get install -y --no-install-recommends "${packages[@]}"

step "2. User $APP_USER and its groups"
for group in $GROUPS_NEEDED; do
    # The unit's SupplementaryGroups= fails the start if a group is missing.
    if getent group "$group" >/dev/null; then note "group $group exists"
    else run groupadd --system "$group"; fi
done
if getent passwd "$APP_USER" >/dev/null; then
    note "user $APP_USER exists"
else
    run useradd --system --user-group --home-dir /var/lib/celaeno --no-create-home \
        --shell /usr/sbin/nologin --comment "Celaeno table companion" "$APP_USER"
fi
run usermod --append --groups "${GROUPS_NEEDED// /,}" "$APP_USER"
# The owner reads the service's journal through its group (0750/0640): their own
# `celaeno export --list` then sees the games. It takes effect at their next login.
if [ -n "$OWNER" ] && [ "$OWNER" != root ] && getent passwd "$OWNER" >/dev/null; then
    run usermod --append --groups "$APP_USER" "$OWNER"
    note "$OWNER may read the games from their next login (group $APP_USER)"
fi
# The phone view's user: no groups of its own; its unit adds the group $APP_USER.
if getent passwd "$WEB_USER" >/dev/null; then
    note "user $WEB_USER exists"
else
    run useradd --system --user-group --home-dir /nonexistent --no-create-home \
        --shell /usr/sbin/nologin --comment "Celaeno phone view" "$WEB_USER"
fi
# The seats' socket: the companion and the phone view only (both units name the group too).
if getent group "$SEATS_GROUP" >/dev/null; then note "group $SEATS_GROUP exists"
else run groupadd --system "$SEATS_GROUP"; fi
run usermod --append --groups "$SEATS_GROUP" "$APP_USER"
run usermod --append --groups "$SEATS_GROUP" "$WEB_USER"

step "3. Virtual environment $VENV and the app"
if [ -x "$DESTDIR$VENV/bin/python" ]; then
    note "virtual environment exists"
else
    run python3 -m venv --system-site-packages "$DESTDIR$VENV"
fi
if [ -n "$WHEELHOUSE" ]; then
    # Offline: pip may use only these wheels (aarch64 ones, downloaded elsewhere with
    # pip download --platform manylinux2014_aarch64 --only-binary=:all:).
    run "$DESTDIR$VENV/bin/pip" install --upgrade --no-index --find-links "$WHEELHOUSE" "$SOURCE"
else
    run "$DESTDIR$VENV/bin/pip" install --upgrade "$SOURCE"
fi

run ln -sfn "$VENV/bin/celaeno" "$DESTDIR$COMMAND_LINK"

step "4. Configuration $CONFIG"
run install -d -m 0755 "$DESTDIR$(dirname "$CONFIG")"
if [ -e "$DESTDIR$CONFIG" ]; then
    note "keeping the existing configuration; checking it:"
    run "$DESTDIR$VENV/bin/celaeno" check-config "$DESTDIR$CONFIG" || \
        note "warning: fix the configuration, the service refuses to start with it"
else
    printf '+ %s > %s\n' "$VENV/bin/celaeno config --example" "$DESTDIR$CONFIG"
    if [ "$DRY_RUN" -eq 0 ]; then
        "$DESTDIR$VENV/bin/celaeno" config --example > "$DESTDIR$CONFIG.new"
        chmod 0644 "$DESTDIR$CONFIG.new"
        mv "$DESTDIR$CONFIG.new" "$DESTDIR$CONFIG"
    fi
fi

step "5. udev rule for the dice reader"
if [ -f "$UDEV_RULE_SOURCE" ] || [ "$DRY_RUN" -eq 1 ]; then
    [ -f "$UDEV_RULE_SOURCE" ] || note "($UDEV_RULE_SOURCE is not there yet)"
    run install -D -m 0644 "$UDEV_RULE_SOURCE" "$DESTDIR$UDEV_RULE"
    run_live udevadm control --reload-rules
    run_live udevadm trigger --subsystem-match=tty --action=add
else
    note "skipped: $UDEV_RULE_SOURCE not found; reader.port = \"auto\" still finds the reader"
fi

step "6. systemd units"
run install -D -m 0644 "$SOURCE/systemd/celaeno.service" "$DESTDIR$UNIT"
run install -D -m 0644 "$SOURCE/systemd/celaeno-web.service" "$DESTDIR$WEB_UNIT"
run install -D -m 0644 "$SOURCE/systemd/celaeno-hotspot.service" "$DESTDIR$HOTSPOT_UNIT"
# A journal from an older install is 0700/0600: let the group read it (the app keeps
# new files 0640 by itself; systemd does not change an existing directory's mode).
if [ -d "$DESTDIR$STATE_DIR" ]; then
    run chmod 0750 "$DESTDIR$STATE_DIR"
    for file in "$DESTDIR$STATE_DIR"/journal.sqlite3 "$DESTDIR$STATE_DIR"/journal.sqlite3-wal \
        "$DESTDIR$STATE_DIR"/journal.sqlite3-shm; do
        if [ -e "$file" ]; then run chmod 0640 "$file"; fi
    done
fi
run_live systemctl daemon-reload
# The companion draws on tty1 (kmsdrm needs a free VT); log in on tty2 or over ssh.
run systemctl disable getty@tty1.service
run systemctl enable celaeno.service
run_live systemctl restart celaeno.service
# The phone view ([web] enabled = false in the configuration: it exits at once).
run systemctl enable celaeno-web.service
run_live systemctl restart celaeno-web.service
# The table's own Wi-Fi when no house network is joined ([network] hotspot; without
# NetworkManager the unit skips itself). Started, not restarted: a running hotspot stays.
run systemctl enable celaeno-hotspot.service
run_live systemctl start celaeno-hotspot.service

step "Done"
note "status: systemctl status celaeno    logs: journalctl -u celaeno -f"
note "phones: $VENV/bin/celaeno web-address    logs: journalctl -u celaeno-web -f"
note "configuration: $CONFIG (check it with: $VENV/bin/celaeno check-config $CONFIG)"
