"""The companion itself, as ``celaeno run`` (or plain ``celaeno``) starts it.

On a desktop a window with the keyboard as buttons and a simulated dice reader; on
a Raspberry Pi full screen with GPIO and the configured reader; with
``SDL_VIDEODRIVER=dummy`` headless. A bad configuration or an unusable journal is
reported in words with exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
from typing import TYPE_CHECKING

import pygame

from device.companion.app import App, DiceSources, TableSetup
from device.companion.phone_view import PhoneView, beside_a_unit, web_argv
from device.companion.runtime import (
    Hardware,
    open_hardware,
    open_smart_dice,
    open_window,
    running_on_pi,
    simulated_roll,
    wants_smart_dice,
)
from device.companion.window import Window
from device.dice.links import every_link
from device.games import Games
from device.service import drm, notify, stopping
from device.settings.card_notices import journal_in_memory, settings_notices
from device.settings.config import Config, ConfigError
from device.settings.places import EXIT_FAILED, default_game, load_settings, open_store
from device.storage.paths import BadPath
from device.storage.session import GameSession
from device.storage.store import Store, StoreError
from device.ui.phones import WebSettings
from rules.text import Text, text, use_printed_names

if TYPE_CHECKING:
    from device.dice.table import DiceTable

NO_SCREEN_HELP = (
    "Without a screen, run headless with SDL_VIDEODRIVER=dummy. On a Raspberry Pi see "
    "'Display troubleshooting' in docs/card.md (kmsdrm needs a free VT and the video, render "
    "and input groups)."
)
log = logging.getLogger("celaeno")


def run_command(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    notify.status("starting")
    try:
        config = load_settings(args)
        store = open_store(args)
    except ConfigError as error:
        print("\n".join(error.problems), file=sys.stderr)
        return EXIT_FAILED
    except StoreError as error:
        print(str(error), file=sys.stderr)
        return EXIT_FAILED
    except BadPath as error:
        print(f"state directory: {error}", file=sys.stderr)
        return EXIT_FAILED
    with store:
        try:
            return _run(args, config, store)
        except StoreError as error:  # e.g. the disk is full and the game could not start
            print(str(error), file=sys.stderr)
            return EXIT_FAILED


def _run(args: argparse.Namespace, config: Config, store: Store) -> int:
    on_pi = running_on_pi()
    use_printed_names(config.printed_names())
    games: Games = args.games
    session, notice = GameSession.resume(store, default_game(config, games.rules), games.rules)
    notices = [n for n in (_store_notice(store), notice) if n is not None]
    card = settings_notices(getattr(args, "notice_file", None))
    notices += card
    drm.quiet_console(0)  # systemd gives the app tty1 as its stdin (TTYPath=)
    try:
        window = open_window(config, args.size, args.fullscreen, on_pi)
    except drm.DrmDeviceError as error:
        print(f"cannot open the screen: {error}", file=sys.stderr)
        return EXIT_FAILED
    except pygame.error as error:
        print(f"cannot open the screen: {error}\n{NO_SCREEN_HELP}", file=sys.stderr)
        return EXIT_FAILED
    hardware = open_hardware(config, args.reader, on_pi)
    view = _phone_view(args, config)
    try:
        dice, dice_notice = _smart_dice(config, store, hardware, on_pi)
        app = _app(args, config, session, window, hardware, dice, view)
        for message in [*notices, *hardware.problems, *dice_notice]:
            app.warn(message)
        if journal_in_memory(card):
            app.journal_in_memory()
        web = app.questions.web
        if web.enabled and web.seats and store.has_seats(session.game_id):
            from device.companion.seats import open_desk  # phones paired: they may send

            open_desk(app)
        # A stop asked for during start-up ends the loop at once: one frame, STOPPING=1, 0.
        stopping.on_stop(app.stop)
        app.run()
    finally:
        if view is not None:
            view.stop()  # every way out of the loop: a signal, the window closed, Ctrl+C
        hardware.close()
        pygame.quit()
    return 0


def _phone_view(args: argparse.Namespace, config: Config) -> PhoneView | None:
    """The phone view this companion starts when asked, unless systemd runs it here."""
    if not config.web.enabled or beside_a_unit(os.environ):
        return None
    return PhoneView(web_argv(args), config.web.port)


def _smart_dice(
    config: Config, store: Store, hardware: Hardware, on_pi: bool
) -> tuple[DiceTable | None, list[Text]]:
    """The Bluetooth dice (for the app, which opens the Dice screen), with the choice
    remembered beside the journal."""
    if not wants_smart_dice(config, on_pi):
        return None, []
    # Only here: a table without smart dice never loads them (nor asyncio, which they use).
    from device.dice import choices
    from device.dice.table import DiceTable

    path = choices.choices_path(store.path.parent)
    chosen, unreadable = choices.load_or_set_aside(path)
    if unreadable is not None:
        log.warning("smart dice: %s (set aside)", unreadable)
    faces = config.dice.agony_faces or config.table.agony_faces
    table = DiceTable(path, faces, chosen=chosen)
    table.source = open_smart_dice(config, hardware, chosen, faces)
    return table, [text("dice.unreadable")] if unreadable is not None else []


def _app(
    args: argparse.Namespace,
    config: Config,
    session: GameSession,
    window: Window,
    hardware: Hardware,
    dice: DiceTable | None,
    phone_view: PhoneView | None,
) -> App:
    if hardware.simulated is not None:  # R rolls the simulated reader
        hardware.inputs.on_key = simulated_roll(hardware.simulated, random.Random())
    rolls = DiceSources(
        every_link(hardware.reader, hardware.smart_dice), hardware.reader_state, dice
    )
    setup = TableSetup(
        args.games,
        args.lang or config.screen.language,
        WebSettings(config.web.enabled, config.web.address, config.web.port, config.web.seats),
        phone_view,
    )
    return App(session, window, hardware.inputs, dice=rolls, setup=setup)


def _store_notice(store: Store) -> Text | None:
    if store.notice is None:
        return None
    log.warning("%s", store.notice.message())
    reason = text(f"device.store_reason.{store.notice.reason}")
    return text("device.store_moved", reason=reason)  # the file's name is in the log
