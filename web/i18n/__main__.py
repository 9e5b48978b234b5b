"""``python -m web.i18n [LANGUAGE …]``: extract every marked text, update the catalogs."""

import sys

from .catalogs import LANGUAGES, update_catalogs

update_catalogs(sys.argv[1:] or LANGUAGES)
