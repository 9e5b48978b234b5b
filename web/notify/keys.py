"""The install's VAPID keys: made once, kept in the database, the same on every process.

A browser subscribes with the public key; every push is signed with the private one,
so a key that changed would orphan every subscription."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from ..db import Database
from ..models import SiteSecret
from .push import VapidKeys, make_vapid_keys

PRIVATE, PUBLIC = "vapid_private", "vapid_public"
_cache: dict[str, VapidKeys] = {}


def vapid_keys(db: Database) -> VapidKeys:
    """The keys of this install (made by the first process to ask)."""
    url = str(db.engine.url)
    if url in _cache:
        return _cache[url]
    keys = _read(db)
    if keys is None:
        made = make_vapid_keys()
        try:
            with db.session() as session:
                session.add(SiteSecret(name=PRIVATE, value=made.private_key))
                session.add(SiteSecret(name=PUBLIC, value=made.public_key))
                session.commit()
        except IntegrityError:  # another process made them first: theirs stand
            pass
        keys = _read(db)
    assert keys is not None
    _cache[url] = keys
    return keys


def _read(db: Database) -> VapidKeys | None:
    with db.session() as session:
        private = session.get(SiteSecret, PRIVATE)
        public = session.get(SiteSecret, PUBLIC)
        if private is None or public is None:
            return None
        return VapidKeys(private_key=private.value, public_key=public.value)
