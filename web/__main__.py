"""``python -m web``: the same as the ``chromino`` command."""

import sys

from .ops import main

sys.exit(main())
