"""Choosing a pin library: off a Pi none, on a Pi a working one or a loud, helpful refusal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.pinfactory import PinFactoryError, board_model, choose_pin_factory, is_raspberry_pi

MOCK = ("mock", "gpiozero.pins.mock", "MockFactory")
MISSING = ("nonesuch", "gpiozero.pins.nonesuch", "NoFactory")


@pytest.fixture()
def pi5(tmp_path: Path) -> list[Path]:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    return [tmp_path / "absent", model]


@pytest.fixture(autouse=True)
def no_factory_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)


def test_the_model_is_read_from_the_first_path_that_exists(pi5: list[Path]) -> None:
    assert board_model(pi5) == "Raspberry Pi 5 Model B Rev 1.0"
    assert is_raspberry_pi(pi5)


def test_off_a_pi_there_is_no_factory_and_nothing_is_tried(tmp_path: Path) -> None:
    pc = tmp_path / "model"
    pc.write_bytes(b"Some Other Board\0")
    assert choose_pin_factory([pc], order=[MISSING]) is None
    assert choose_pin_factory([tmp_path / "absent"], order=[MISSING]) is None


def test_on_a_pi_the_first_working_factory_is_used(pi5: list[Path]) -> None:
    factory = choose_pin_factory(pi5, order=[MISSING, MOCK])
    try:
        assert isinstance(factory, MockFactory)
    finally:
        factory.close()


def test_on_a_pi_with_no_working_factory_the_error_says_why_and_how_to_fix(
    pi5: list[Path],
) -> None:
    with pytest.raises(PinFactoryError) as raised:
        choose_pin_factory(pi5, order=[MISSING, ("other", "gpiozero.pins.nope", "X")])
    message = str(raised.value)
    assert "Raspberry Pi 5 Model B Rev 1.0" in message
    assert "nonesuch: ModuleNotFoundError" in message and "other:" in message
    assert "python3-lgpio" in message and "usermod -aG gpio" in message


def test_gpiozero_pin_factory_names_an_explicit_choice(
    pi5: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "MOCK")
    factory = choose_pin_factory(pi5, order=[MISSING])
    try:
        assert isinstance(factory, MockFactory)
    finally:
        factory.close()


def test_an_unknown_gpiozero_pin_factory_is_refused(
    pi5: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "warp")
    with pytest.raises(PinFactoryError, match="'warp' names no pin library; gpiozero knows"):
        choose_pin_factory(pi5)


def test_importing_hardware_imports_no_gpio_library() -> None:
    code = (
        "import sys, hardware.buttons, hardware.pinfactory, hardware.keyboard, hardware.reader,"
        " hardware.tools\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('RPi', 'lgpio', 'pigpio')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "[]"  # after the pygame banner
