"""``python -m rougekit``."""

import sys

from rougekit.cli import main

sys.exit(main())
