"""A reference dice reader for the celaeno companion: MicroPython on a Raspberry Pi Pico.

Press the button and it sends a roll. It has no dice sensor: ``read_dice`` rolls at random,
and that one function is what a maker replaces with camera, IR or switch code that reads real
dice. Everything else — the lines, the checksum, what the companion's EXPECT / IDLE / PONG mean,
the button's debounce, the keep-alive — is ready to keep. The protocol is in PROTOCOL.md, in the
folder above this one.

On the Pico: copy this file as ``main.py`` (``mpremote cp main.py :main.py``) and reset it.
Wiring: a push button from GP15 to any GND pin (the internal pull-up is used); the on-board LED
lights while the companion waits for a roll, and blinks while the companion does not answer.

The line-building part (everything above ``run``) uses nothing but the language itself, so the
companion's tests import this file under CPython and check its lines against the companion's
own parser; only ``run`` touches the board.
"""

# For type checkers under CPython; MicroPython has neither collections.abc nor contextlib.
try:  # noqa: SIM105
    from collections.abc import Callable
except ImportError:  # pragma: no cover - on the Pico
    pass

BUTTON_PIN = 15  # GP15, physical pin 20; the other side of the button to GND (pin 18 or 23)
NAME, VERSION = "pico-reference", "1.0"  # sent in HELLO; no spaces in either
SEND_CHECKSUM = True  # add "*HH" to every line (worth it on a noisy UART; harmless on USB)
AGONY_FACES = (1, 1, 2, 2, 3, 3)  # the companion's default Agony die; change with your settings
D6_FACES = (1, 2, 3, 4, 5, 6)
MAX_LINE = 80  # bytes in a line, not counting its end
DEBOUNCE_MS = 20  # the button must stay pressed this long to count
PING_EVERY_MS = 10000  # keep-alive; the companion answers PONG
PONG_WITHIN_MS = 2000  # no PONG by then: the companion is not listening (LED blinks)


# --- lines (pure: imported by the companion's tests) ------------------------------------------


def checksum(body: str) -> str:
    """NMEA-style: the XOR of every byte of ``body``, as two upper-case hex digits."""
    value = 0
    for byte in body.encode():
        value ^= byte
    return f"{value:02X}"


def finish(body: str, with_checksum: bool = SEND_CHECKSUM) -> str:
    """One line as sent, without its line end: ``body``, or ``body*HH``."""
    line = f"{body}*{checksum(body)}" if with_checksum else body
    if len(line) > MAX_LINE:
        raise ValueError("a line is at most 80 bytes")
    return line


def hello_line(
    name: str = NAME, version: str = VERSION, with_checksum: bool = SEND_CHECKSUM
) -> str:
    return finish(f"HELLO {name} {version}", with_checksum)


def roll_line(values: tuple[int, ...], with_checksum: bool = SEND_CHECKSUM) -> str:
    """One settled roll: each value 1 to 6, in the order read."""
    if not values or any(value not in D6_FACES for value in values):
        raise ValueError("a roll is one or more values from 1 to 6")
    return finish("ROLL " + " ".join(str(value) for value in values), with_checksum)


def error_line(text: str, with_checksum: bool = SEND_CHECKSUM) -> str:
    """The reader saw dice it could not read (a cocked die, a die off the tray)."""
    words = " ".join(text.replace("*", " ").split())  # "*" would look like a checksum
    return finish(f"ERR {words or 'unreadable'}", with_checksum)


def ping_line(with_checksum: bool = SEND_CHECKSUM) -> str:
    return finish("PING", with_checksum)


def parse_companion(line: str) -> tuple[str, int, str] | None:
    """What a line from the companion asks: ("expect", dice, "agony" | "d6"), ("idle", 0, ""),
    ("pong", 0, ""), or None for anything else (a later version may send more: ignore it)."""
    line = line.strip()
    star = line.find("*")
    if star >= 0:  # the companion sends no checksum today; accept one that is right
        if line[star + 1 :].upper() != checksum(line[:star]):
            return None
        line = line[:star]
    words = line.split(" ")
    if words == ["IDLE"]:
        return ("idle", 0, "")
    if words == ["PONG"]:
        return ("pong", 0, "")
    if (
        len(words) == 3
        and words[0] == "EXPECT"
        and words[1].isdigit()
        and words[2] in ("agony", "d6")
    ):
        return ("expect", int(words[1]), words[2])
    return None


class LineSplitter:
    """Collects bytes into lines; a line longer than MAX_LINE is dropped up to its end."""

    def __init__(self) -> None:
        self.buffer = b""
        self.overlong = False

    def feed(self, data: bytes) -> list[str]:
        lines = []
        for byte in data:
            if byte == 10:  # "\n" ends a line
                if not self.overlong:
                    lines.append(self.buffer.decode("ascii", "ignore").rstrip("\r"))
                self.buffer, self.overlong = b"", False
            elif not self.overlong:
                self.buffer += bytes((byte,))
                self.overlong = len(self.buffer) > MAX_LINE + 1
        return lines


def plain_diff(later: int, earlier: int) -> int:
    """Milliseconds between two clock readings (the Pico's wrap-safe one is time.ticks_diff)."""
    return later - earlier


class Button:
    """Debounce: a press counts once the button has stayed down DEBOUNCE_MS; one roll per press."""

    def __init__(self, diff: "Callable[[int, int], int]" = plain_diff) -> None:
        self.diff = diff
        self.down_since = -1  # -1: up
        self.fired = False

    def pressed(self, down: bool, now: int) -> bool:
        """Feed the level every few milliseconds; True once per press."""
        if not down:
            self.down_since, self.fired = -1, False
            return False
        if self.down_since < 0:
            self.down_since = now
        if self.fired or self.diff(now, self.down_since) < DEBOUNCE_MS:
            return False
        self.fired = True
        return True


class Companion:
    """What the companion last said it waits for (EXPECT / IDLE), and whether it answers PING."""

    def __init__(self, now: int, diff: "Callable[[int, int], int]" = plain_diff) -> None:
        self.diff = diff
        self.dice = 0  # 0: no roll wanted, or not told yet
        self.die = "d6"
        self.last_ping = now
        self.unanswered_since = -1  # when a PING went out with no answer yet; -1: none
        self.answering = True

    def heard(self, line: str) -> None:
        said = parse_companion(line)
        if said is None:
            return
        kind, dice, die = said
        if kind == "expect":
            self.dice, self.die = dice, die
        elif kind == "idle":
            self.dice = 0
        self.unanswered_since, self.answering = -1, True  # any line shows it is listening

    def faces(self) -> tuple[int, ...]:
        return AGONY_FACES if self.die == "agony" else D6_FACES

    def roll(self) -> str:
        """The line for a button press: the dice wanted (one if not told), as read."""
        values = read_dice(self.dice or 1, self.faces())
        return roll_line(values) if values else error_line("unreadable")

    def ping_due(self, now: int) -> bool:
        """True when a PING should go out; notices a companion that stopped answering."""
        if self.unanswered_since >= 0 and self.diff(now, self.unanswered_since) > PONG_WITHIN_MS:
            self.answering = False
        if self.diff(now, self.last_ping) < PING_EVERY_MS:
            return False
        self.last_ping = now
        if self.unanswered_since < 0:
            self.unanswered_since = now
        return True

    def led(self, now: int) -> int:
        """On while a roll is wanted; blinking while the companion does not answer."""
        if not self.answering:
            return (now // 250) % 2
        return int(self.dice > 0)


def read_dice(count: int, faces: tuple[int, ...]) -> tuple[int, ...] | None:
    """Replace this with your sensor: the values read, or None if the dice cannot be read
    (then the reader sends ERR and the players roll again). This one rolls at random."""
    import random

    return tuple(random.choice(faces) for _ in range(count))


# --- the board ---------------------------------------------------------------------------------


def run() -> None:  # pragma: no cover - runs on the Pico only
    import select
    import sys
    import time

    import machine  # type: ignore[import-not-found]

    ticks_ms, ticks_diff, sleep_ms = time.ticks_ms, time.ticks_diff, time.sleep_ms  # type: ignore[attr-defined]
    pin = machine.Pin(BUTTON_PIN, machine.Pin.IN, machine.Pin.PULL_UP)
    led = machine.Pin("LED", machine.Pin.OUT)
    incoming = select.poll()
    incoming.register(sys.stdin, select.POLLIN)
    splitter = LineSplitter()
    button, companion = Button(ticks_diff), Companion(ticks_ms(), ticks_diff)

    def send(line: str) -> None:
        # USB serial may turn "\n" into "\r\n": the companion accepts both.
        sys.stdout.write(line + "\n")

    send(hello_line())
    while True:
        now = ticks_ms()
        while incoming.poll(0):  # what the companion sent, one byte at a time
            for line in splitter.feed(sys.stdin.read(1).encode()):
                companion.heard(line)
        if button.pressed(pin.value() == 0, now):
            send(companion.roll())
        if companion.ping_due(now):
            send(ping_line())
        led.value(companion.led(now))
        sleep_ms(5)


if __name__ == "__main__":
    run()
