"""``python -m tarot``: the command line (see :mod:`tarot.tools.cli`)."""
import sys

from .tools.cli import main

sys.exit(main())
