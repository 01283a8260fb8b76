"""The inline layout: wrapping, shrinking, cutting, in both scripts."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from display.ink.runs import Para, Span
from display.layout import flow
from display.layout.flow import Sizes, fit, layout, text_width
from tests.properties import examples

SIZES = Sizes({"title": 32, "body": 22, "small": 20}, 18)
WORDS = st.lists(
    st.sampled_from(
        ["Crawling", "Chaos", "Oubliette", "2", "Units,", "大いなる", "クトゥルフ", "苦悶"]
    ),
    min_size=1,
    max_size=30,
)


def _para(words: list[str], role: str = "body") -> Para:
    return Para((Span(" ".join(words)),), role)


@settings(max_examples=examples(60))
@given(WORDS, st.integers(min_value=120, max_value=600), st.integers(min_value=30, max_value=400))
def test_fit_keeps_everything_inside_the_box(words: list[str], width: int, height: int) -> None:
    laid = fit([_para(words), _para(words[::-1], "small")], width, height, SIZES)
    for item in laid.items:
        assert item.rect.x >= 0 and item.rect.right <= width
        assert item.rect.y >= 0 and item.rect.bottom <= height
        assert item.px >= SIZES.minimum
    for a, b in itertools.combinations(laid.items, 2):
        assert not a.rect.colliderect(b.rect)


@settings(max_examples=examples(40))
@given(WORDS, st.integers(min_value=120, max_value=600))
def test_layout_wraps_without_losing_words(words: list[str], width: int) -> None:
    laid = layout([_para(words)], width, SIZES)
    drawn = "".join(item.text for item in laid.items)  # a Japanese phrase keeps its spaces
    assert "".join(drawn.split()) == "".join(" ".join(words).split())


def test_a_span_that_may_break_is_measured_word_by_word_only() -> None:
    """A first frame lays its question out at more than one size: a span that may wrap is
    never measured whole as well, which no line of it uses (an atomic one is)."""
    px = SIZES.px("body", 1.0)
    flow.clear_cache()
    layout([Para((Span("Guardian under the Lake"), Span("Elder Sign", atomic=True)))], 400, SIZES)
    measured = {text for text, size in flow._WIDTHS if size == px}
    assert {"Guardian", "under", "the", "Lake", "Elder Sign"} <= measured
    assert "Guardian under the Lake" not in measured


def test_a_box_too_small_cuts_and_says_so() -> None:
    laid = fit([_para(["Crawling", "Chaos"] * 20)], 150, 30, SIZES)
    assert laid.truncated
    assert laid.items[-1].text.endswith("…")


def test_shrinks_before_cutting() -> None:
    words = ["Guardian", "under", "the", "Lake"] * 3
    roomy = fit([_para(words)], 300, 200, SIZES)
    tight = fit([_para(words)], 300, 90, SIZES)
    assert not roomy.truncated and not tight.truncated
    assert tight.items[0].px < roomy.items[0].px


def test_an_atomic_span_never_breaks() -> None:
    laid = layout([Para((Span("x " * 10), Span("Opener of the Way", atomic=True)))], 200, SIZES)
    assert "Opener of the Way" in [item.text for item in laid.items]


def test_an_atomic_span_wider_than_any_line_wraps_rather_than_being_cut() -> None:
    """The grid's key "⊕ Mass Grave X1 (used once)" beside a one-tile battlefield: the last
    try before cutting wraps it between words, its sign kept with the first word."""
    key = Para((Span("⊕ Mass Grave X1 (used once)", atomic=True),), "small")
    laid = fit([key], 120, 200, SIZES)
    texts = [item.text for item in laid.items]
    assert not laid.truncated and "".join(texts).replace(" ", "") == "⊕MassGraveX1(usedonce)"
    assert texts[0] == "⊕ Mass"  # the sign is not left alone at a line's end
    roomy = fit([key], 400, 200, SIZES)
    assert [item.text for item in roomy.items] == ["⊕ Mass Grave X1 (used once)"]


def test_japanese_breaks_between_words_not_inside_katakana() -> None:
    laid = layout([_para(["ダイスリーダー未接続、アクションフェイズ。"])], 130, SIZES)
    texts = [item.text for item in laid.items]
    assert "ダイスリーダー" in texts
    assert not any(text.startswith(("、", "。")) for text in texts)  # kinsoku


def test_japanese_breaks_between_phrases_never_inside_a_word() -> None:
    """The lines the table read as 沈黙トークンあ|り, 黒山|羊は, 司|書: each phrase is whole
    on its line, at any width that holds the longest."""
    said = "沈黙トークンありの黒山羊は司書を使う。"
    holds = text_width("沈黙トークンありの", SIZES.px("body", 1.0))  # a narrower box breaks it
    for width in range(holds, 400, 7):
        lines: dict[int, str] = {}
        for item in layout([_para([said])], width, SIZES).items:
            lines[item.rect.y] = lines.get(item.rect.y, "") + item.text
        for word in ("沈黙トークンあり", "黒山羊", "司書"):
            assert any(word in line for line in lines.values()), (width, word, lines)


def test_japanese_never_breaks_inside_a_factions_name() -> None:
    """BudouX reads 這い寄る混沌 (Crawling Chaos) as 這い|寄る混沌 and 大いなるクトゥルフ as
    大いなる|クトゥルフ: a line may break before or after the name, never inside it, at
    any width that holds the name."""
    from device.words import add_layer_words
    from rules.games import RULES
    from rules.text import render, text

    add_layer_words()
    RULES.get("cthulhu_wars")  # the game's words (its factions' names) come with it
    said = render(text("event.gate_controlled", area="fountain", faction="crawling_chaos"), "ja")
    names = ("這い寄る混沌", "大いなるクトゥルフ")
    holds = max(text_width(f"{name}が", SIZES.px("body", 1.0)) for name in names)
    for width in range(holds, 400, 7):  # a narrower box breaks a name where BudouX would
        for sentence in (said, "水のゲートを大いなるクトゥルフが支配する。"):
            lines: dict[int, str] = {}
            for item in layout([_para([sentence])], width, SIZES).items:
                lines[item.rect.y] = lines.get(item.rect.y, "") + item.text
            whole = [name for name in names if name in sentence]
            for name in whole:
                assert any(name in line for line in lines.values()), (width, name, lines)


def test_japanese_never_breaks_inside_a_latin_word() -> None:
    """BudouX splits a Latin word before Japanese punctuation: Normand|ie：自由な戦闘."""
    for width in range(60, 300, 5):
        for sentence, word in (("Normandie：自由な戦闘", "Normandie"), ("地上の堅砦5–6に", "5–6")):
            texts = [item.text for item in layout([_para([sentence])], width, SIZES).items]
            assert any(word in text for text in texts), (width, texts)


def test_a_remembered_layout_is_the_same_each_time_and_a_cut_leaves_it_whole() -> None:
    """layout() hands every caller the layout it made first: fit()'s last resort cuts a
    copy, so the next screen that lays out the same words gets them whole, not the cut."""
    paras = [_para(["Crawling Chaos sends two Units to the Oubliette"] * 4)]
    cut = fit(paras, 200, 30, SIZES)  # far too low: cut at the floor
    assert cut.truncated and "…" in "".join(item.text for item in cut.items)
    again = layout(paras, 200, SIZES, cut.factor)  # what fit laid out before it cut
    assert layout(list(paras), 200, SIZES, cut.factor) is again
    assert not again.truncated and len(again.items) > len(cut.items)
    assert "…" not in "".join(item.text for item in again.items)
    remembered = [(item.text, tuple(item.rect)) for item in again.items]
    flow.clear_cache()
    made_anew = layout(paras, 200, SIZES, cut.factor)
    assert [(item.text, tuple(item.rect)) for item in made_anew.items] == remembered


def test_remembered_layouts_are_forgotten_past_their_bound() -> None:
    flow.clear_cache()
    for width in range(100, 100 + flow.LAID_KEPT + 10):
        layout([_para(["Doom"])], width, SIZES)
    assert len(flow._LAID) <= flow.LAID_KEPT
