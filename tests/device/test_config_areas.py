"""The owner names Areas as their boards print them: [celaeno.areas] and [dreamlands.areas].

As [dreamlands.citadels] does for Citadels (D4): a configured name replaces ours in every
language, on the board panel and in every sentence. Our Japanese names are our own
renderings, so an owner with the Japanese edition's boards can put the printed ones.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from device.companion.app import App, Inputs, TableSetup
from device.companion.window import Window
from device.settings.config import AREAS, example, load_config
from rules.cthulhu_wars.maps.boards import all_areas
from rules.text import Text, render, use_printed_names
from tests.device.conftest import config_problems, open_session, write_config

ROOT = Path(__file__).resolve().parents[2]
E1 = ROOT / "rules" / "examples" / "celaeno_e1.jsonl"


def test_every_printed_area_of_both_maps_has_a_key() -> None:
    printed = {area.id for area in all_areas() if area.citadel is None}
    assert {area for areas in AREAS.values() for area in areas} == printed
    assert "oubliette" in AREAS["celaeno"] and "vale_of_pnath" in AREAS["dreamlands"]
    assert "\n[celaeno.areas]\n" in example() and "\n[dreamlands.areas]\n" in example()


def test_configured_names_load_beside_the_citadels(tmp_path: Path) -> None:
    config = load_config(
        write_config(
            tmp_path,
            '[celaeno.areas]\noubliette = "忘却の牢獄"\nblack_hall = ""\n'
            '[dreamlands.areas]\nvale_of_pnath = "Vale of Pnath"\n'
            '[dreamlands.citadels]\nsurface_citadel_1_2 = "Celephaïs"\n',
        )
    )
    assert config.areas == {"oubliette": "忘却の牢獄", "vale_of_pnath": "Vale of Pnath"}
    assert config.printed_names() == {
        "oubliette": "忘却の牢獄",
        "vale_of_pnath": "Vale of Pnath",
        "surface_citadel_1_2": "Celephaïs",
    }


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            f'[celaeno.areas]\noubliette = "{"x" * 41}"\n',
            "celaeno.areas.oubliette: expected a text of at most 40 characters",
        ),
        ("[celaeno.areas]\noubliete = 'x'\n", "(did you mean celaeno.areas.oubliette?)"),
        ("[celaeno.areas]\nleng = 'x'\n", "celaeno.areas.leng: unknown key"),
        ("[dreamlands.areas]\nsurface_citadel_3 = 'x'\n", "dreamlands.areas.surface_citadel_3"),
    ],
)
def test_a_bad_area_name_names_file_key_and_what_was_expected(
    tmp_path: Path, body: str, expected: str
) -> None:
    (found,) = config_problems(tmp_path, body)
    assert found.startswith(str(tmp_path / "celaeno.toml")) and expected in found


def test_a_configured_name_reaches_the_screen_and_the_events(
    tmp_path: Path, surface: pygame.Surface
) -> None:
    config = load_config(write_config(tmp_path, '[celaeno.areas]\nblack_hall = "黒き大広間"\n'))
    store, session = open_session(tmp_path / "state")
    use_printed_names(config.printed_names())  # as `celaeno run` does
    try:
        with store:
            events: list[Text] = []
            for line in E1.read_text(encoding="utf-8").splitlines():
                outcome = session.submit_line(line)
                events += outcome.events if outcome is not None else ()
            app = App(session, Window(surface), Inputs(), setup=TableSetup(lang="ja"))
            app.draw()
            board = "".join(lb.text for lb in app.screen.labels() if lb.panel == "board")
            said = render(events[-1], "ja")
    finally:
        use_printed_names({})
    assert "管理人：黒き大広間" in board.replace(" ", "")  # C12: where the Custodian stands
    assert said == "黄色の印は1ユニットを黒き大広間からウブリエットへ移動させる。"
