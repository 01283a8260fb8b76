"""The SD card (systemd/image/): its layout, boot files, settings check and update, on the
host without booting anything. The built card itself is checked by tests/system/test_card.py.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SOURCE = Path(__file__).parents[2]
IMAGE = SOURCE / "systemd" / "image"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"card_{name}", IMAGE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = load("build")
settings = load("settings")
CELAENO = f"{sys.executable} -m device.cli"


# --- layout and boot files ---------------------------------------------------------------------


def test_the_partitions_follow_each_other_aligned_and_the_data_comes_last() -> None:
    lay = build.layout()
    mib = 2048
    assert lay.boot == (8192, 256 * mib)
    assert lay.root[0] == lay.boot[0] + lay.boot[1]
    assert lay.data[0] == lay.root[0] + lay.root[1]  # last: it can grow to the card's end
    assert all(start % mib == 0 for start, _ in (lay.boot, lay.root, lay.data))
    script = lay.sfdisk_script()
    assert "label-id: 0xc0ffee25" in script and "type=c, bootable" in script


def test_cmdline_names_the_root_by_partuuid_read_only_and_keeps_tty1_free() -> None:
    line = build.cmdline()
    words = line.split()
    assert line.endswith("\n") and line.count("\n") == 1  # the firmware reads one line
    assert "root=PARTUUID=c0ffee25-02" in words and "ro" in words and "rw" not in words
    assert "rootwait" in words
    assert "console=tty1" not in words  # the companion draws there


def test_config_txt_boots_debians_64_bit_kernel_with_upstream_device_trees() -> None:
    text = build.config_txt("vmlinuz", "initrd.img")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert "arm_64bit=1" in lines and "upstream_kernel=1" in lines
    assert "kernel=vmlinuz" in lines and "initramfs initrd.img followkernel" in lines


def test_the_card_has_device_trees_for_the_pi_3_4_and_zero_2_w() -> None:
    trees = set(build.DEVICE_TREES)
    assert {"bcm2837-rpi-3-b.dtb", "bcm2711-rpi-4-b.dtb", "bcm2837-rpi-zero-2-w.dtb"} <= trees
    assert {"bootcode.bin", "start4.elf", "fixup4.dat"} <= set(build.FIRMWARE_FILES)


def test_fstab_mounts_the_root_read_only_and_the_journal_on_the_data_partition() -> None:
    rows = [line.split() for line in (IMAGE / "fstab").read_text().splitlines()
            if line.strip() and not line.startswith("#")]  # fmt: skip
    by_point = {row[1]: row for row in rows}
    assert by_point["/"][0] == "PARTUUID=c0ffee25-02" and "ro" in by_point["/"][3].split(",")
    assert by_point["/data"][0] == "PARTUUID=c0ffee25-03" and "rw" in by_point["/data"][3]
    # The games' directory is not in fstab: a mount there would require /data, and the
    # service's StateDirectory= requires that mount, so a damaged data partition would keep
    # the companion from starting; the settings check binds it (or a tmpfs) instead.
    assert "/var/lib/celaeno" not in by_point
    assert "ro" in by_point["/boot/firmware"][3].split(",")
    for point in ("/tmp", "/var/tmp", "/var/log", "/var/lib/systemd"):
        assert by_point[point][2] == "tmpfs"


def test_the_default_settings_on_the_card_pass_check_config(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "check-config", str(IMAGE / "celaeno.toml")],
        capture_output=True, text=True, cwd=SOURCE, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (0, "ok\n"), done.stderr


def test_the_initramfs_finds_the_root_by_partuuid_or_device() -> None:
    init = build.INIT_SCRIPT
    assert init.startswith("#!/bin/sh\n")
    assert "blkid -l -o device -t" in init and 'mount -t ext4 -o "$mode"' in init
    assert "/usr/sbin/blkid" in build.INITRAMFS_PROGRAMS
    assert {"sdhci_iproc", "mmc_block", "virtio_blk", "ext4"} <= set(build.INITRAMFS_MODULES)
    done = subprocess.run(["sh", "-n", str(IMAGE / "init")], check=False)
    assert done.returncode == 0


def test_the_cpio_archive_is_what_the_kernel_reads(tmp_path: Path) -> None:
    """Unpacked by cpio(1) itself: files, modes and links as written."""
    if shutil.which("cpio") is None:
        pytest.skip("no cpio here")
    archive = build.cpio({"init": "#!/bin/sh\n", "bin/tool": b"\x7fELF"}, {"bin/sh": "tool"})
    done = subprocess.run(["cpio", "-idm", "--quiet"], input=archive, cwd=tmp_path, check=False)
    assert done.returncode == 0
    assert (tmp_path / "init").read_text() == "#!/bin/sh\n"
    assert os.readlink(tmp_path / "bin/sh") == "tool"
    assert (tmp_path / "bin/tool").stat().st_mode & 0o111


def test_the_cards_checkout_has_the_readme_and_every_page_it_links_to(tmp_path: Path) -> None:
    """An owner reading the README on the Pi finds the pages it sends them to."""
    checkout = build.copy_source(tmp_path)
    assert (checkout / "README.md").read_bytes() == (SOURCE / "README.md").read_bytes()
    pages = sorted(page.name for page in (SOURCE / "docs").glob("*.md"))
    assert pages and sorted(page.name for page in (checkout / "docs").glob("*.md")) == pages


def test_an_edited_page_makes_no_new_installed_layer_and_edited_code_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for part in ("systemd/install.sh", "device/__init__.py", "README.md", "docs/card.md"):
        (tmp_path / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(SOURCE / part, tmp_path / part)
    monkeypatch.setattr(build, "ROOT", tmp_path)
    key = build.installed_key()
    for page in ("README.md", "docs/card.md", "docs/new.md"):
        (tmp_path / page).write_text("Other words.\n")
    assert build.installed_key() == key
    (tmp_path / "device/__init__.py").write_text("# other code\n")
    assert build.installed_key() != key


# --- the settings at boot ----------------------------------------------------------------------


@pytest.fixture()
def card(tmp_path: Path) -> dict[str, Path]:
    boot, data, run = tmp_path / "boot", tmp_path / "data", tmp_path / "run"
    boot.mkdir()
    (data / "settings").mkdir(parents=True)
    good = data / "settings/celaeno.toml"
    good.write_text('[screen]\nlanguage = "en"\n')
    return {"boot": boot, "good": good, "run": run}


def boot_check(
    card: dict[str, Path], data: str = "/", build: str | None = None, celaeno: str = CELAENO
) -> int:
    """settings.py as the card runs it, on these directories; ``data``: the data partition's
    mount point ("/" is always one, and writable, here); ``build``: the image's build id
    (none: an image without one)."""
    argv = ["--boot", str(card["boot"]), "--good", str(card["good"]), "--run", str(card["run"])]
    argv += ["--data", data, "--no-mount", "--python", sys.executable]
    argv += ["--hotspot-run", str(card["run"].parent / "hotspot")]
    build_id = card["run"].parent / "build-id"
    if build is not None:
        build_id.write_text(build)
    argv += ["--build-id", str(build_id)]
    here = Path.cwd()
    os.chdir(SOURCE)  # so that `python -m device.cli` finds this checkout
    try:
        return int(settings.main([*argv, "--celaeno", celaeno]))
    finally:
        os.chdir(here)
        build_id.unlink(missing_ok=True)


def test_a_file_found_good_by_this_image_is_not_checked_again(card: dict[str, Path]) -> None:
    """check-config costs every start seconds on a Pi: not paid again for the same file
    and the same image; a changed file, or a new image, is checked again."""
    refuses = "false"  # a check-config that refuses everything: did the check run?
    (card["boot"] / "celaeno.toml").write_text('[screen]\nlanguage = "ja"\n')
    assert boot_check(card, build="image-1\n") == 0
    assert not (card["run"] / "problem").exists()
    boot_check(card, build="image-1\n", celaeno=refuses)
    assert not (card["run"] / "problem").exists()  # not checked: the same file, same image
    boot_check(card, build="image-2\n", celaeno=refuses)
    assert (card["run"] / "problem").exists()  # a new image checks it again
    boot_check(card, build="image-1\n")
    (card["boot"] / "celaeno.toml").write_text('[screen]\nlanguage = "en"\n')
    boot_check(card, build="image-1\n", celaeno=refuses)
    assert (card["run"] / "problem").exists()  # a changed file is checked again
    boot_check(card, celaeno=refuses)
    assert (card["run"] / "problem").exists()  # no build id: always checked


def test_a_good_celaeno_toml_becomes_the_last_good_one(card: dict[str, Path]) -> None:
    (card["boot"] / "celaeno.toml").write_text('[screen]\nlanguage = "ja"\n')
    assert boot_check(card) == 0
    assert card["good"].read_text() == '[screen]\nlanguage = "ja"\n'
    assert not (card["run"] / "problem").exists()


def test_a_bad_celaeno_toml_is_one_line_and_the_last_good_one_stays(
    card: dict[str, Path],
) -> None:
    (card["boot"] / "celaeno.toml").write_text('[reader]\nbaud = "fast"\n')
    assert boot_check(card) == 0  # never fails the boot: the companion starts anyway
    assert card["good"].read_text() == '[screen]\nlanguage = "en"\n'
    problem = (card["run"] / "problem").read_text().splitlines()
    assert problem == [
        f"{card['boot']}/celaeno.toml: reader.baud: expected a whole number from 300 to "
        '4000000, got "fast"'
    ]


def test_the_settings_in_force_are_the_last_good_ones(card: dict[str, Path]) -> None:
    (card["boot"] / "celaeno.toml").write_text('[reader]\nbaud = "fast"\n')
    boot_check(card)
    assert (card["run"] / "celaeno.toml").read_text() == '[screen]\nlanguage = "en"\n'
    (card["boot"] / "celaeno.toml").write_text('[screen]\nlanguage = "ja"\n')
    boot_check(card)
    assert (card["run"] / "celaeno.toml").read_text() == '[screen]\nlanguage = "ja"\n'


def test_a_data_partition_not_mounted_is_one_line_and_nothing_is_written_to_it(
    card: dict[str, Path], tmp_path: Path
) -> None:
    """A damaged data partition (the boot's fsck could not repair it: not mounted): said,
    never written to; the boot file, if good, is in force for this boot only."""
    (card["boot"] / "celaeno.toml").write_text('[screen]\nlanguage = "ja"\n')
    unmounted = tmp_path / "data"
    assert boot_check(card, data=str(unmounted)) == 0
    problem = (card["run"] / "problem").read_text().splitlines()
    assert problem == [
        f"data\tnot-mounted\t{unmounted}: the data partition is not mounted (damaged?)"
    ]
    assert card["good"].read_text() == '[screen]\nlanguage = "en"\n'  # untouched
    assert (card["run"] / "celaeno.toml").read_text() == '[screen]\nlanguage = "ja"\n'


def test_a_data_partition_that_went_read_only_is_said(tmp_path: Path) -> None:
    import os

    assert settings.data_problem(Path("/"), flags=os.ST_RDONLY) == (
        "read-only",
        "/: the data partition is read-only after an error",
    )
    assert settings.data_problem(Path("/"), flags=0) is None
    assert settings.data_problem(tmp_path) is not None  # not a mount point


def test_the_companion_says_the_data_partition_problem_in_its_own_words(
    card: dict[str, Path], tmp_path: Path
) -> None:
    from device.settings.card_notices import journal_in_memory, settings_notices
    from rules.text import render

    (card["boot"] / "celaeno.toml").write_text("[screen\n")
    boot_check(card, data=str(tmp_path / "data"))
    data, refused = settings_notices(str(card["run"] / "problem"))
    shown = render(data, "en")
    assert shown.startswith(
        "Games are not being saved: the card's data partition cannot be mounted"
    )
    assert "repair it on a computer (fsck)" in shown and "/" not in shown.split("(fsck)")[0][:60]
    assert render(data, "ja").startswith(
        "ゲームは保存されていません：カードのデータ領域をマウントできません"
    )
    assert render(refused, "en").startswith("Settings on the card not used: ")
    assert journal_in_memory(settings_notices(str(card["run"] / "problem")))


def test_each_data_problem_has_its_words_and_an_unknown_one_its_detail(tmp_path: Path) -> None:
    from device.settings.card_notices import journal_in_memory, settings_notices
    from rules.text import render

    problem = tmp_path / "problem"
    problem.write_text(
        "data\tread-only\t/data: read-only\ndata\tunusable\t/data/celaeno: Permission denied\n"
    )
    read_only, unusable = (render(n, "en") for n in settings_notices(str(problem)))
    assert "turned read-only after an error" in read_only
    assert "(/data/celaeno: Permission denied)" in unusable
    assert journal_in_memory(settings_notices(str(problem)))
    problem.write_text("/boot/firmware/celaeno.toml: no such file\n")
    assert not journal_in_memory(
        settings_notices(str(problem))
    )  # a settings problem: the journal is saved
    assert not journal_in_memory(settings_notices(str(tmp_path / "absent")))


def test_a_missing_celaeno_toml_is_said_and_changes_nothing(card: dict[str, Path]) -> None:
    assert boot_check(card) == 0
    assert card["good"].read_text() == '[screen]\nlanguage = "en"\n'
    assert (card["run"] / "problem").read_text() == f"{card['boot']}/celaeno.toml: no such file\n"


def test_the_companion_shows_the_problem_line_on_its_screen(card: dict[str, Path]) -> None:
    from device.settings.card_notices import settings_notices
    from rules.text import render

    (card["boot"] / "celaeno.toml").write_text("[screen\n")
    boot_check(card)
    [notice] = settings_notices(str(card["run"] / "problem"))
    shown = render(notice, "en")
    assert shown.startswith(
        f"Settings on the card not used: {card['boot']}/celaeno.toml: not valid TOML"
    )
    assert shown.endswith("Playing with the last good ones.")
    assert render(notice, "ja").startswith("カードの設定は使われませんでした")
    assert settings_notices(str(card["run"] / "absent")) == []


def test_wifi_txt_becomes_wpa_supplicants_network_without_the_password(
    card: dict[str, Path],
) -> None:
    (card["boot"] / "celaeno.toml").write_text("")
    (card["boot"] / "wifi.txt").write_text(
        'country = "jp"\nssid = "Table"\npassword = "s3cret-pass"\n'
    )
    assert boot_check(card) == 0
    conf = (card["run"] / "wpa_supplicant-wlan0.conf").read_text()
    key = hashlib.pbkdf2_hmac("sha1", b"s3cret-pass", b"Table", 4096, 32).hex()
    assert "country=JP" in conf
    assert f"ssid={b'Table'.hex()}" in conf and f"psk={key}" in conf
    assert "s3cret-pass" not in conf
    assert oct((card["run"] / "wpa_supplicant-wlan0.conf").stat().st_mode & 0o777) == "0o600"


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ('ssid = "Table"\npassword = "short"\n', "password: expected 8 to 63"),
        ('country = "Japan"\n', 'country: expected two letters such as "GB", got "Japan"'),
        ("ssid = 12\n", "ssid: expected text in quotes, got 12"),
        ('sid = "Table"\n', "unknown key sid"),
        ('ssid = "Table\n', "not readable as settings"),
    ],
)
def test_a_mistake_in_wifi_txt_is_one_line_and_no_network(
    card: dict[str, Path], body: str, said: str
) -> None:
    (card["boot"] / "celaeno.toml").write_text("")
    (card["boot"] / "wifi.txt").write_text(body)
    assert boot_check(card) == 0
    [line] = (card["run"] / "problem").read_text().splitlines()
    assert line.startswith(f"{card['boot']}/wifi.txt: ") and said in line
    assert "network={" not in (card["run"] / "wpa_supplicant-wlan0.conf").read_text()


# --- the update keeps the data partition ---------------------------------------------------------

needs_tools = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in ("sfdisk", "mkfs.vfat", "mcopy")),
    reason="needs sfdisk, mkfs.vfat and mcopy (fdisk, dosfstools, mtools)",
)


def small_card(path: Path, fill: bytes, boot_files: dict[str, str]) -> None:
    """A card of the real layout's shape, small: a FAT boot partition with files, then
    root and data partitions filled with a byte pattern."""
    lay = build.layout(boot_mib=33, root_mib=2, data_mib=2)
    boot = path.with_suffix(".vfat")
    subprocess.run(["mkfs.vfat", "-F", "32", "-C", str(boot), str(33 * 1024)], check=True,
                   capture_output=True)  # fmt: skip
    for name, body in boot_files.items():
        (path.parent / name).write_text(body)
        subprocess.run(["mcopy", "-o", "-i", str(boot), str(path.parent / name), "::/"], check=True)
    with open(path, "wb") as card:
        card.truncate(lay.sectors * 512)
    subprocess.run(
        ["sfdisk", "--quiet", str(path)], input=lay.sfdisk_script(), text=True, check=True
    )
    with open(path, "r+b") as card:
        card.seek(lay.boot[0] * 512)
        card.write(boot.read_bytes())
        for start, size in (lay.root, lay.data):
            card.seek(start * 512)
            card.write(fill * (size * 512 // len(fill)))


def part(path: Path, which: str) -> bytes:
    start, size = getattr(build.layout(boot_mib=33, root_mib=2, data_mib=2), which)
    with open(path, "rb") as card:
        card.seek(start * 512)
        return card.read(size * 512)


def update(new: Path, card: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(IMAGE / "update-card.sh"), str(new), str(card)],
                          capture_output=True, text=True, check=False)  # fmt: skip


@needs_tools
def test_an_update_writes_boot_and_root_and_keeps_the_games_and_settings(tmp_path: Path) -> None:
    (tmp_path / "old").mkdir()
    (tmp_path / "new").mkdir()
    old, new = tmp_path / "old/card.img", tmp_path / "new/card.img"
    small_card(old, b"OLD!", {"celaeno.toml": "mine\n", "wifi.txt": "my wifi\n", "vmlinuz": "v1"})
    small_card(new, b"NEW!", {"celaeno.toml": "default\n", "wifi.txt": "", "vmlinuz": "v2"})
    games = part(old, "data")
    done = update(new, old)
    assert done.returncode == 0, done.stderr
    assert part(old, "root") == part(new, "root")
    assert part(old, "data") == games  # the journal's partition, untouched
    for name, body in (("celaeno.toml", "mine\n"), ("wifi.txt", "my wifi\n"), ("vmlinuz", "v2")):
        shown = subprocess.run(["mtype", "-i", f"{old}@@{8192 * 512}", f"::{name}"],
                               capture_output=True, text=True, check=True)  # fmt: skip
        assert shown.stdout == body, name
    assert "kept your celaeno.toml" in done.stdout


@needs_tools
def test_an_update_onto_another_layout_writes_nothing(tmp_path: Path) -> None:
    new, other = tmp_path / "new.img", tmp_path / "other.img"
    small_card(new, b"NEW!", {})
    with open(other, "wb") as card:
        card.truncate(64 * 1024 * 1024)
    subprocess.run(["sfdisk", "--quiet", str(other)], input="label: dos\nstart=2048, type=83\n",
                   text=True, check=True)  # fmt: skip
    before = hashlib.sha256(other.read_bytes()).hexdigest()
    done = update(new, other)
    assert done.returncode == 1
    assert "nothing was written" in done.stderr
    assert hashlib.sha256(other.read_bytes()).hexdigest() == before


def test_the_manifest_names_the_root_checksum_the_booted_checks_compare(tmp_path: Path) -> None:
    """sha256_of reads exactly one partition's sectors (the root's checksum after play)."""
    disk = tmp_path / "disk"
    disk.write_bytes(b"a" * 512 * 4 + b"b" * 512 * 2 + b"c" * 512)
    assert build.sha256_of(disk, 4, 2) == hashlib.sha256(b"b" * 1024).hexdigest()
    assert json.loads(json.dumps({"root_sha256": build.sha256_of(disk, 0, 1)}))


def test_no_unit_of_the_companion_requires_the_data_partition() -> None:
    """A damaged data partition must not stop the companion or the phone view: they are
    ordered after the settings check (which puts the journal's directory in place), never
    made to require /data or a mount on /var/lib/celaeno."""
    for conf in ("celaeno-card.conf", "celaeno-web-card.conf", "celaeno-settings.service"):
        for line in (IMAGE / conf).read_text().splitlines():
            key, _, value = line.partition("=")
            if key.strip() in {"Requires", "RequiresMountsFor", "BindsTo", "Requisite"}:
                assert "data" not in value and "celaeno.mount" not in value, f"{conf}: {line}"
    assert "After=celaeno-settings.service" in (IMAGE / "celaeno-web-card.conf").read_text()


# --- [network]: the access point's settings -----------------------------------------------------


def network_lines(card: dict[str, Path]) -> list[str]:
    problem = card["run"] / "problem"
    lines = problem.read_text().splitlines() if problem.exists() else []
    return [line for line in lines if line.startswith("network\t")]


def plan(card: dict[str, Path]) -> dict[str, object]:
    loaded: dict[str, object] = json.loads((card["run"].parent / "hotspot/plan.json").read_text())
    return loaded


def test_a_network_mistake_is_one_line_and_never_refuses_the_game_settings(
    card: dict[str, Path],
) -> None:
    """An unknown [network] key or value is one line, the network's defaults are used,
    and the rest of the file is in force as usual."""
    (card["boot"] / "celaeno.toml").write_text(
        '[screen]\nlanguage = "ja"\n[network]\nhotspot = "sometimes"\n'
    )
    assert boot_check(card) == 0
    assert 'language = "ja"' in (card["run"] / "celaeno.toml").read_text()
    assert network_lines(card) == [
        'network\tcelaeno.toml: network.hotspot: expected "auto", "always" or "never", '
        "got 'sometimes'; the network's defaults are used"
    ]
    assert plan(card)["mode"] == "auto"
    (card["boot"] / "celaeno.toml").write_text('[network]\nhotspt = "never"\n')
    boot_check(card)
    [line] = network_lines(card)
    assert "network.hotspt: unknown key" in line and plan(card)["mode"] == "auto"


def test_the_passphrase_is_generated_once_and_kept_on_the_data_partition(
    card: dict[str, Path],
) -> None:
    (card["boot"] / "celaeno.toml").write_text('[network]\nhotspot = "always"\n')
    boot_check(card)
    first = plan(card)
    kept = card["good"].parent / "hotspot-passphrase"
    assert kept.read_text().strip() == first["passphrase"]
    assert str(first["ssid"]).startswith("celaeno-") and first["mode"] == "always"
    boot_check(card)  # the next start (the same card): the same network
    assert plan(card) == first
    assert not network_lines(card)


@pytest.mark.parametrize("passphrase", ["short12", "x" * 64])
def test_a_passphrase_of_the_wrong_length_is_refused_and_the_generated_one_used(
    card: dict[str, Path], passphrase: str
) -> None:
    (card["boot"] / "celaeno.toml").write_text(f'[network]\npassphrase = "{passphrase}"\n')
    boot_check(card)
    [line] = network_lines(card)
    assert f"8 to 63 characters, this one has {len(passphrase)}" in line
    assert line.endswith("the generated passphrase is used")
    kept = (card["good"].parent / "hotspot-passphrase").read_text().strip()
    assert plan(card)["passphrase"] == kept != passphrase


def test_the_owners_passphrase_is_used_and_a_house_network_is_named_in_the_plan(
    card: dict[str, Path],
) -> None:
    (card["boot"] / "celaeno.toml").write_text('[network]\npassphrase = "our table, our rules"\n')
    (card["boot"] / "wifi.txt").write_text(
        'country = "jp"\nssid = "House"\npassword = "12345678"\n'
    )
    boot_check(card)
    assert not network_lines(card)
    assert plan(card)["passphrase"] == "our table, our rules"
    assert (plan(card)["house"], plan(card)["country"]) == (True, "JP")


def test_a_network_step_that_cannot_run_is_one_line_and_the_boot_goes_on(
    card: dict[str, Path], tmp_path: Path
) -> None:
    (card["boot"] / "celaeno.toml").write_text('[screen]\nlanguage = "ja"\n')
    argv = ["--boot", str(card["boot"]), "--good", str(card["good"]), "--run", str(card["run"])]
    argv += ["--data", "/", "--no-mount", "--python", str(tmp_path / "no-python")]
    argv += ["--celaeno", CELAENO, "--build-id", str(tmp_path / "none")]
    here = Path.cwd()
    os.chdir(SOURCE)
    try:
        assert settings.main(argv) == 0
    finally:
        os.chdir(here)
    [line] = network_lines(card)
    assert line.startswith("network\tthe Wi-Fi access point cannot be prepared")
    assert (card["run"] / "celaeno.toml").read_text() == '[screen]\nlanguage = "ja"\n'


def test_the_companion_says_a_network_line_as_wi_fi_not_as_refused_settings(
    card: dict[str, Path],
) -> None:
    from device.settings.card_notices import settings_notices
    from rules.text import render

    (card["boot"] / "celaeno.toml").write_text('[network]\npassphrase = "short"\n')
    boot_check(card)
    [notice] = settings_notices(str(card["run"] / "problem"))
    shown = render(notice, "en")
    assert shown.startswith("Wi-Fi for phones: celaeno.toml: network.passphrase: a Wi-Fi")
    assert "not used" not in shown
    assert render(notice, "ja").startswith("スマホ用Wi-Fi：")


# --- the table's own Wi-Fi's units --------------------------------------------------------------

HOTSPOT_UNITS = (
    IMAGE / "celaeno-hotspot.service",
    IMAGE / "celaeno-portal.service",
    SOURCE / "systemd" / "celaeno-hotspot.service",
)


def unit_lines(path: Path) -> list[tuple[str, str]]:
    lines = [line.partition("=") for line in path.read_text().splitlines()]
    return [(key.strip(), value.strip()) for key, sep, value in lines if sep and key[:1] != "#"]


@pytest.mark.parametrize("unit", HOTSPOT_UNITS, ids=lambda unit: str(unit.relative_to(SOURCE)))
def test_the_table_never_waits_for_its_own_wi_fi(unit: Path) -> None:
    """Nothing about the network may keep the table from starting: no hotspot unit is
    ordered before the companion or required by it, and none holds up the boot."""
    for key, value in unit_lines(unit):
        if key in {"Before", "RequiredBy", "Requires", "BindsTo", "PartOf"}:
            assert "celaeno.service" not in value.split(), f"{unit.name}: {key}={value}"
    assert ("Type", "oneshot") not in unit_lines(unit)  # a oneshot's 20 s would hold the boot
    for conf in ("celaeno-card.conf", "celaeno-settings.service"):
        assert "hotspot" not in (IMAGE / conf).read_text()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
@pytest.mark.parametrize("unit", HOTSPOT_UNITS, ids=lambda unit: str(unit.relative_to(SOURCE)))
def test_the_hotspot_units_verify_clean(unit: Path, tmp_path: Path) -> None:
    copy = tmp_path / unit.name
    copy.write_text(unit.read_text())
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(copy)],
        capture_output=True,
        text=True,
        check=False,
    )
    problems = [line for line in done.stderr.splitlines() if "/opt/celaeno" not in line]
    assert problems == [], problems


def test_the_card_installs_the_hotspot_and_enables_only_its_first_unit(tmp_path: Path) -> None:
    assert build.HOTSPOT_UNITS == ("celaeno-hotspot.service", "celaeno-portal.service")
    source = (IMAGE / "build.py").read_text()
    assert '(HOTSPOT_UNITS[0], f"/etc/systemd/system/{HOTSPOT_UNITS[0]}")' in source
    assert "WantedBy" not in (IMAGE / "celaeno-portal.service").read_text()
