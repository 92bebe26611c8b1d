"""``python -m tarot``: the command line (see :mod:`tarot.cli`)."""
import sys

from .cli import main

sys.exit(main())
