"""The menu's Dice screen: the dice seen, and what each is for.

It lists every smart die the source has seen (name, kind, colour where the die says it,
battery, signal), chosen ones first; picking one asks what it is for: the Agony die, a d6,
or not used. Rolling a die makes it the one whose state changes on the list, so the table
finds out which is which without reading addresses. The choice is remembered
(:mod:`device.dice.choices`). "Pair" is this screen: the dice need no pairing, BlueZ only
scans and connects. While one of its lists is open (:class:`DiceList`) the dice listen all
the time, so that a die just switched on is there when the list is looked at again.
"""

from __future__ import annotations

from typing import Literal

from device.dice.table import DiceTable
from device.ui.steps import DONE, ListStep, Notice, Option, StepResult
from hardware.events import SmartDie
from rules.text import Text, text


class DiceList(ListStep, frozen=False):
    """A list of the Dice screen: the app keeps the dice listening while one is open."""

    keeps_dice_listening = True


def dice_screen(table: DiceTable | None) -> DiceList:
    """The screen for the app's smart dice (None: they are off, and the screen says why)."""
    close = Option(text("dice.close"), DONE)
    if table is None or not table.enabled:
        return DiceList(text("dice.title.off"), [close], lambda answer: answer)
    status = table.status
    if status.state in ("no_bluetooth", "bluetooth_off"):
        return DiceList(text(f"dice.title.{status.state}"), [close], lambda answer: answer)
    dice = [Option(_label(die), die, _detail(die)) for die in status.dice]
    title = text("dice.title" if dice else "dice.title.none")
    again = Option(text("dice.scan_again"), "again")
    return DiceList(title, [*dice, again, close], lambda answer: _picked(table, answer))


def _picked(table: DiceTable, answer: object) -> StepResult:
    if answer == "again":
        return dice_screen(table)
    if isinstance(answer, SmartDie):
        return _role_step(table, answer)
    return DONE


def _label(die: SmartDie) -> Text:
    return text("dice.die", name=die.name, kind=text(f"dice.kind.{die.kind}"))


def _detail(die: SmartDie) -> Text:
    role = text(f"dice.role.{die.role}") if die.role else text("dice.role.none")
    if die.quiet:
        role = text("dice.role.quiet", role=role)
    if not die.six_sided:
        role = text("dice.not_six_sided")
    unknown = text("dice.unknown")
    return text(
        "dice.detail",
        role=role,
        colour=die.colour.replace("_", " ") if die.colour else unknown,
        battery=text("dice.battery", n=die.battery) if die.battery is not None else unknown,
        rssi=text("dice.rssi", n=die.rssi) if die.rssi is not None else unknown,
    )


def _role_step(table: DiceTable, die: SmartDie) -> DiceList:
    roles: list[tuple[str, Literal["agony", "d6"] | None]] = [
        ("agony", "agony"),
        ("d6", "d6"),
        ("none", None),
    ]
    options = [
        Option(text(f"dice.use.{key}"), role, enabled=die.six_sided or role is None)
        for key, role in roles
    ]
    current = [role for _, role in roles].index(table.role_of(die.address))
    faces = " ".join(map(str, table.agony_faces))
    title = text("dice.choose", die=_label(die), faces=faces)

    def chosen(role: Literal["agony", "d6"] | None) -> StepResult:
        problem = table.set_role(die, role)
        return Notice(problem) if problem is not None else dice_screen(table)

    return DiceList(title, options, chosen, cursor=current)
