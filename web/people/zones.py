"""Time zones by their current names.

Browsers name some zones by the names the IANA database had before the places were
renamed: Chromium's ``Intl`` says "Asia/Calcutta" and "Europe/Kiev" (ICU keeps the
old names as its canonical ones). The server stores, and so shows everywhere, the
current name of a renamed zone; the old name still works as input. Only renames are
followed here — never the links the database made when it merged two zones with the
same clocks since 1970 (Europe/Amsterdam is a link to Europe/Brussels today, and
nobody in Amsterdam wants to read "Brussels").

The pages use the same table (``RENAMED_ZONES``, handed to the preferences page), so
the zone the device names is the one the server keeps.
"""

from __future__ import annotations

RENAMED_ZONES: dict[str, str] = {
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
"""Old name → current name, for the zones the IANA database renamed (its ``backward``
file's renames; each current name is a zone of its own there)."""


def current_zone(name: str) -> str:
    """The current IANA name of a zone: a renamed zone's new name, else ``name``."""
    return RENAMED_ZONES.get(name, name)
