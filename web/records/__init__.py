"""Records as a published format: the schemas of every game's records and positions,
a person's finished games exported at once, and a record imported as a game of its own.

- :mod:`web.records.formats` — which game a document's ``format`` names, and the
  schemas the games ship;
- :mod:`web.records.reading` — a record read and replayed by its game's engine, or
  refused at its first bad field or move;
- :mod:`web.records.storing` — an imported record stored as its importer's private,
  unrated finished game;
- :mod:`web.records.exporting` — every finished game a person played, in one zip;
- :mod:`web.records.forgetting` — a person's imported records gone with them;
- :mod:`web.records.routes` — ``/schemas/…``, ``/api/me/records``, ``/api/records``
  and the ``/import`` page (a controller: the app includes it).

docs/records.md is the published specification.
"""

from .errors import RecordError
from .exporting import record_name, records_zip
from .forgetting import forget_imports
from .formats import schema_named, schemas
from .reading import MAX_MOVES, MAX_NAME, ReadRecord, read_record
from .storing import store_import

__all__ = [
    "MAX_MOVES",
    "MAX_NAME",
    "ReadRecord",
    "RecordError",
    "forget_imports",
    "read_record",
    "record_name",
    "records_zip",
    "schema_named",
    "schemas",
    "store_import",
]
