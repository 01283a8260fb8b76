"""``python -m device.cli``: the same as the ``celaeno`` command."""

import sys

from device.cli.main import main

sys.exit(main())
