"""``python -m rougekit.perl`` = ``rougekit perl``."""

import sys

from rougekit.perl.command import main

sys.exit(main())
