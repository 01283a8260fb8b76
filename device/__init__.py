"""The app: the main loop, controllers, journal, configuration, command line and systemd
notifications. Its words (prompts, notices, hints) join the catalogue on import."""

# First of all, before the catalogue below: a stop signal to `celaeno run` from its first
# moments is a clean stop (device.service.stopping says why this cannot wait for device.cli).
from device.service import stopping as _stopping

_stopping.install_if_companion()

from device import words as _words  # noqa: E402 - after the stop handlers, on purpose
from rules.text import Words, add_words  # noqa: E402

add_words(Words("device", _words.EN, _words.JA))
