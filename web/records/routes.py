"""The records' routes: the published schemas, my finished games in one zip, a record
imported, and the page to import one (docs/records.md)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Final

from fastapi import APIRouter, Body, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, StreamingResponse
from starlette.background import BackgroundTask

from ..i18n import N_, N_plural, Words, best_language
from ..people import CurrentUser, SessionDep, UserOrVisitor, too_many_attempts
from ..records import RecordError, read_record, records_zip, schema_named, store_import
from ..site import render

router = APIRouter()

SCHEMA_CACHE: Final = "public, max-age=86400"
"""A format's schema never changes under its version: a day's caching is safe."""
TOO_MANY_IMPORTS = N_plural(
    "too many records imported; try again in {count} second",
    "too many records imported; try again in {count} seconds",
)
CHUNK: Final = 64 * 1024


@router.get("/schemas/{family}/{version}.json")
def read_schema(family: str, version: str) -> JSONResponse:
    """The JSON Schema (draft 2020-12) of one format and version, e.g.
    ``/schemas/<game>-game/1.json``: read-only, the same for everyone."""
    name = f"{family}/{version}"
    schema = schema_named(name)
    if schema is None:
        words = Words(N_("no format is called {name}"), name=name[:60])
        raise HTTPException(404, detail={"code": "no_such_format", "message": words})
    headers = {"Cache-Control": SCHEMA_CACHE}
    return JSONResponse(schema, headers=headers, media_type="application/schema+json")


@router.get("/api/me/records")
def export_records(user: CurrentUser, session: SessionDep) -> StreamingResponse:
    """Every finished game I played, one record each, in a zip (docs/records.md says
    why a zip). Games in progress are never in it."""
    assert user.id is not None
    spool = records_zip(session, user.id)
    name = f"records-{date.today().isoformat()}.zip"
    return StreamingResponse(
        iter(lambda: spool.read(CHUNK), b""),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
        background=BackgroundTask(spool.close),
    )


@router.post("/api/records", status_code=201)
def import_record(
    document: Annotated[dict[str, Any], Body()],
    request: Request,
    user: CurrentUser,
    session: SessionDep,
) -> dict[str, Any]:
    """A record (of a game played elsewhere, or typed in) replayed and stored as my
    private, unrated imported game; refused with the first bad field, or the number of
    the first move the rules refuse and why, storing nothing."""
    assert user.id is not None
    limit = request.app.state.limits.record_imports
    if not limit.allow(user.id):
        raise too_many_attempts(limit.retry_after(user.id), TOO_MANY_IMPORTS)
    preferred = None if user.preference is None else user.preference.language
    language = best_language(preferred, request.headers.get("accept-language"))
    try:
        read = read_record(document, language)
    except RecordError as error:
        raise HTTPException(error.status, detail=error.detail()) from None
    game_id = store_import(session, user.id, read)
    session.commit()
    return {"game_id": game_id, "game": read.game, "replay": f"/g/{game_id}/replay"}


@router.get("/import", include_in_schema=False)
def import_page(request: Request, user: UserOrVisitor) -> HTMLResponse:
    """Paste or upload a record: the page shows the refusal's move and reason, or links
    to the imported game's replay."""
    return render(request, user, "import.html", boot={})
