"""time zones kept by their current names

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-06 02:45:00

Browsers name some zones by the names they had before their places were renamed
(Chromium says "Asia/Calcutta", "Europe/Kiev"), and the server kept what the browser
said. It now keeps the current name (web.days.zones); the zones stored before are
renamed here, so every page and email names them as the IANA database does today.
The same instants and offsets: only the name changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RENAMED = {
    "Africa/Asmera": "Africa/Asmara",
    "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
    "America/Catamarca": "America/Argentina/Catamarca",
    "America/Cordoba": "America/Argentina/Cordoba",
    "America/Fort_Wayne": "America/Indiana/Indianapolis",
    "America/Godthab": "America/Nuuk",
    "America/Indianapolis": "America/Indiana/Indianapolis",
    "America/Jujuy": "America/Argentina/Jujuy",
    "America/Louisville": "America/Kentucky/Louisville",
    "America/Mendoza": "America/Argentina/Mendoza",
    "Asia/Ashkhabad": "Asia/Ashgabat",
    "Asia/Calcutta": "Asia/Kolkata",
    "Asia/Dacca": "Asia/Dhaka",
    "Asia/Katmandu": "Asia/Kathmandu",
    "Asia/Macao": "Asia/Macau",
    "Asia/Rangoon": "Asia/Yangon",
    "Asia/Saigon": "Asia/Ho_Chi_Minh",
    "Asia/Thimbu": "Asia/Thimphu",
    "Asia/Ujung_Pandang": "Asia/Makassar",
    "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
    "Atlantic/Faeroe": "Atlantic/Faroe",
    "Europe/Kiev": "Europe/Kyiv",
    "Pacific/Enderbury": "Pacific/Kanton",
    "Pacific/Ponape": "Pacific/Pohnpei",
    "Pacific/Truk": "Pacific/Chuuk",
}
"""web.days.zones.RENAMED_ZONES as it was when this ran (a migration never changes)."""


def upgrade() -> None:
    preference = sa.table("preference", sa.column("time_zone", sa.String))
    for old, new in RENAMED.items():
        op.execute(preference.update().where(preference.c.time_zone == old).values(time_zone=new))


def downgrade() -> None:
    """Nothing to undo: the current names are good zones for the older code too."""
