"""The site: the HTML pages, the security headers and request limits every response
passes through, and the HTTP server's own limits.

What the other rooms use: the origin rule (:func:`origin_is_ours`, also applied to
the game websocket), the middleware, the pages' router and how a page is rendered
(:func:`render` and :func:`not_found`, for the other rooms' pages), and the server's config.
"""

from .lessons import router as lessons_router
from .pages import not_found, render, router
from .security import SecurityMiddleware, origin_is_ours, own_origin
from .serving import server_config

router.include_router(lessons_router)

__all__ = [
    "SecurityMiddleware",
    "not_found",
    "origin_is_ours",
    "own_origin",
    "render",
    "router",
    "server_config",
]
