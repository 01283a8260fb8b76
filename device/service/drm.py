"""Which DRM card the full screen goes to, and a quiet console under it.

A Raspberry Pi 5 has several DRM cards (the v3d 3D engine, the vc4 display controller and
the RP1 DSI bridge), numbered in the order their drivers happened to load. SDL's kmsdrm
driver picks the first card with a connected screen unless ``SDL_KMSDRM_DEVICE_INDEX``
(the SDL_HINT_KMSDRM_DEVICE_INDEX hint, SDL 2.26 and later) names ``/dev/dri/cardN``.
``[screen] drm_device`` is ``"auto"`` (SDL's choice) or a path: a card, or better a stable
``/dev/dri/by-path/...-card`` link, which is turned into that index here.

How the frame reaches the card: pygame draws into a plain surface, and SDL's kmsdrm
driver hands it to the card through a renderer of its own choosing. Left to choose, SDL
takes desktop OpenGL over EGL, and on Mesa's software rasteriser (a Pi whose GPU driver is
missing, or an emulated machine) that renderer leaves the scanout buffer black while
OpenGL ES draws it; kmsdrm is an EGL/GLES platform, so :func:`prefer_gles` asks for ES.

The console under the app: the kernel blanks an idle virtual terminal after a while and
draws a text cursor on it; :func:`quiet_console` switches both off on the app's VT, since
nobody types on it and a blank screen at the table looks like a crash.
"""

from __future__ import annotations

import os
import re
from collections.abc import MutableMapping
from pathlib import Path

AUTO = "auto"
INDEX_VARIABLE = "SDL_KMSDRM_DEVICE_INDEX"
# SDL_HINT_FRAMEBUFFER_ACCELERATION: the renderer behind the window surface pygame draws on.
# SDL reads it when the window surface is made (set_mode), after the driver is known.
RENDERER_VARIABLE = "SDL_FRAMEBUFFER_ACCELERATION"
GLES = "opengles2"
_CARD = re.compile(r"card(\d+)")
_VT = re.compile(r"/dev/tty\d+")
# VT escapes (console_codes(4)): blank after 0 minutes = never, VESA powerdown never,
# text cursor hidden.
QUIET_CONSOLE = b"\033[9;0]\033[14;0]\033[?25l"


class DrmDeviceError(Exception):
    """The configured card is not there, or is not a DRM card."""


def card_index(device: str, dri: Path = Path("/dev/dri")) -> int:
    """The N of /dev/dri/cardN that ``device`` is or points to."""
    path = Path(device)
    if not path.exists():
        raise DrmDeviceError(
            f"screen.drm_device: {device} does not exist (cards here: {_cards(dri)})"
        )
    match = _CARD.fullmatch(path.resolve().name)
    if match is None:
        raise DrmDeviceError(
            f"screen.drm_device: {device} is not a DRM card /dev/dri/cardN "
            f"(a renderD node cannot show anything; cards here: {_cards(dri)})"
        )
    return int(match.group(1))


def select_card(device: str, env: MutableMapping[str, str] | None = None) -> int | None:
    """Point SDL at the configured card before the display starts; None leaves SDL's choice."""
    if device == AUTO:
        return None
    index = card_index(device)
    (os.environ if env is None else env)[INDEX_VARIABLE] = str(index)
    return index


def prefer_gles(video_driver: str, env: MutableMapping[str, str] | None = None) -> bool:
    """On kmsdrm, have SDL present frames with OpenGL ES; True if that is now asked for.

    Only a default: a value already in the environment (an owner's own choice) stays.
    """
    if video_driver.lower() != "kmsdrm":  # pygame reports SDL's name, "KMSDRM"
        return False
    target = os.environ if env is None else env
    target.setdefault(RENDERER_VARIABLE, GLES)
    return target[RENDERER_VARIABLE] == GLES


def _cards(dri: Path) -> str:
    cards = sorted(p.name for p in dri.glob("card*")) if dri.is_dir() else []
    return ", ".join(cards) or "none"


def quiet_console(fd: int, vt: re.Pattern[str] = _VT) -> bool:
    """No blanking and no text cursor on the VT ``fd`` is; False (and nothing done) otherwise.

    ``vt`` is the pattern of a virtual terminal's name (a test passes its pty's).
    """
    try:
        if not os.isatty(fd) or not vt.fullmatch(os.ttyname(fd)):
            return False
        os.write(fd, QUIET_CONSOLE)
    except OSError:
        return False  # a console we cannot write to is no reason to stop a game
    return True
