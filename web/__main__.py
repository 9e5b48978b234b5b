"""``python -m web``: the same as the ``chromino`` command."""

import sys

from .cli import main

sys.exit(main())
