"""Z13 Bind Zombies: where each caster's token lies, and every way it leaves a Zombie.

The token is the caster's (casting again moves it, Z13) but it lies on the
Zombie: "As long as the token is on the Zombies unit, this one cannot move or
fight." It leaves only when it is discarded at the second Reserve (Supply)
phase, moved by a recast, or when the Zombie itself is eliminated. The caster's
elimination frees nothing, so ``bound`` keeps the fallen caster's entry.
Every departure is said in plain words, so the table lifts the token too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.normandie.sentences import label
from rules.normandie.state import Binding, NormandieState
from rules.text import Text, text
from rules.values import frozen

Bound = Mapping[str, Binding]


def cast(state: NormandieState, caster: str, zombie: str) -> tuple[Bound, list[Text]]:
    """Z13: the caster's token goes on ``zombie``, face up, leaving the Zombie it lay on."""
    before = state.bound.get(caster)
    others = {c: b for c, b in state.bound.items() if c != caster}
    bound = frozen({**others, caster: Binding(zombie)})
    if before is None or before.zombie == zombie:
        return bound, []
    moved = text("event.normandie.bind_moved", caster=label(state, caster), zombie=_z(before))
    return bound, [moved, _freed_or_held(bound, before.zombie)]


def age(state: NormandieState) -> tuple[Bound, list[Text]]:
    """Z13: flip each token at the end of a Reserve phase; discard it at the next one."""
    kept = {c: replace(b, flipped=True) for c, b in state.bound.items() if not b.flipped}
    events: list[Text] = []
    for binding in (b for _, b in sorted(state.bound.items()) if b.flipped):
        events.append(text("event.normandie.bind_discarded", zombie=_z(binding)))
        events.append(_freed_or_held(kept, binding.zombie))
    return frozen(kept), events


def unit_gone(state: NormandieState, unit_id: str) -> tuple[Bound, list[Text]]:
    """A unit leaves the battlefield: a Zombie takes the tokens on it along; a caster
    leaves its token where it lies (the Zombie stays paralysed)."""
    kept = {c: b for c, b in state.bound.items() if b.zombie != unit_id}
    events: list[Text] = []
    if len(kept) < len(state.bound):
        events.append(text("event.normandie.bind_with_zombie", zombie=_zid(unit_id)))
    own = kept.get(unit_id)
    if own is not None:
        caster = label(state, unit_id)
        events.append(text("event.normandie.bind_stays", caster=caster, zombie=_z(own)))
    return frozen(kept), events


def _freed_or_held(bound: Bound, zombie: str) -> Text:
    """After a token left ``zombie``: free again, or still held by another caster's token."""
    held = any(b.zombie == zombie for b in bound.values())
    key = "event.normandie.bind_still_held" if held else "event.normandie.bind_freed"
    return text(key, zombie=_zid(zombie))


def _z(binding: Binding) -> Text:
    return _zid(binding.zombie)


def _zid(zombie: str) -> Text:
    return text("normandie.unit.zombies", id=zombie)
