#!/usr/bin/env bash
# Move a card to a new celaeno image without losing its games.
#
#   sudo systemd/image/update-card.sh NEW/card.img /dev/sdX    the card in a card reader
#   systemd/image/update-card.sh NEW/card.img old-card.img     (a card image file works too)
#
# Writes the new image's boot and root partitions over the card's and keeps its data
# partition (the journal of games, the last good settings) as it is. The owner's
# celaeno.toml and wifi.txt are copied from the old boot partition into the new one.
# Refused, with nothing written, when the two layouts differ (another image, another card)
# or when a partition of the card is mounted.
set -euo pipefail

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; }
[ "$#" -eq 2 ] || { usage >&2; exit 2; }
NEW="$1"
CARD="$2"
SETTINGS=(celaeno.toml wifi.txt)
for file in "$NEW" "$CARD"; do
    [ -e "$file" ] || { echo "update-card.sh: $file: no such file or device" >&2; exit 2; }
done

# "START SIZE" of partition N, from sfdisk's dump (in 512-byte sectors).
partition() {
    sfdisk --dump "$1" 2>/dev/null | awk -v n="$2" '
        $2 == ":" && $1 ~ ("[^0-9]" n "$") {
            gsub(/[=,]/, " "); for (i = 1; i <= NF; i++) {
                if ($i == "start") start = $(i + 1); if ($i == "size") size = $(i + 1) }
            print start, size }'
}
for number in 1 2; do
    if [ "$(partition "$NEW" "$number")" != "$(partition "$CARD" "$number")" ] ||
        [ -z "$(partition "$NEW" "$number")" ]; then
        echo "update-card.sh: partition $number of $CARD is not where $NEW has it:" \
             "not a card of this layout; nothing was written" >&2
        exit 1
    fi
done
data_new="$(partition "$NEW" 3)"
data_card="$(partition "$CARD" 3)"
if [ "${data_new%% *}" != "${data_card%% *}" ]; then
    echo "update-card.sh: the data partition of $CARD does not start where $NEW's does;" \
         "nothing was written" >&2
    exit 1
fi
if [ -b "$CARD" ] && findmnt -rn -o SOURCE | grep -q "^$CARD"; then
    echo "update-card.sh: a partition of $CARD is mounted: unmount it first; nothing was written" >&2
    exit 1
fi

kept="$(mktemp -d)"
trap 'rm -rf "$kept"' EXIT
read -r boot_start _ <<<"$(partition "$CARD" 1)"
boot_offset=$((boot_start * 512))
for name in "${SETTINGS[@]}"; do
    # The owner's settings; a card that lacks one gets the new image's.
    mcopy -n -i "$CARD@@$boot_offset" "::$name" "$kept/$name" 2>/dev/null || true
done

for number in 1 2; do
    read -r start size <<<"$(partition "$NEW" "$number")"
    echo "writing partition $number ($((size / 2048)) MiB)"
    dd if="$NEW" of="$CARD" bs=4M iflag=skip_bytes,count_bytes oflag=seek_bytes \
        skip=$((start * 512)) seek=$((start * 512)) count=$((size * 512)) \
        conv=notrunc,fsync status=none
done
for name in "${SETTINGS[@]}"; do
    if [ -f "$kept/$name" ]; then
        mcopy -o -i "$CARD@@$boot_offset" "$kept/$name" "::$name"
        echo "kept your $name"
    fi
done
sync
echo "done: $CARD has the new system; its games and settings are kept"
