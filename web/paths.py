"""Where the server's assets are: migrations, page templates, static files, catalogs.

The repository keeps ``alembic/``, ``templates/`` and ``static/`` at its top
level; a built wheel carries them inside this package as ``web/_assets/<name>``
(see ``[tool.hatch.build.targets.wheel.force-include]`` in pyproject.toml).
Every other module asks here, so the server finds them the same way from a
checkout (editable install, ``make run``) and from an installed wheel, whatever
the working directory.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

ASSET_NAMES = ("alembic", "templates", "static")


class AssetsMissingError(RuntimeError):
    """The installation lacks an asset folder (a broken or partial install)."""


def _package_dir() -> Path:
    """The ``web`` package's folder on disk (the server needs real files: uvicorn
    serves static files and Alembic loads its scripts from folders)."""
    return Path(str(files("web")))


@cache
def checkout_root() -> Path | None:
    """The repository the ``web`` package runs from, or None for an installed package.

    A checkout is recognised by its ``pyproject.toml`` beside ``web/``; an installed
    package's parent is ``site-packages``, which holds none (but may well hold the
    ``alembic`` library under the same name as the migrations' folder)."""
    root = _package_dir().parent
    return root if (root / "pyproject.toml").is_file() else None


@cache
def asset(name: str) -> Path:
    """The folder of one asset: packaged first, else the checkout's."""
    if name not in ASSET_NAMES:
        raise ValueError(f"unknown asset folder {name!r}")
    packaged = _package_dir() / "_assets" / name
    if packaged.is_dir():
        return packaged
    root = checkout_root()
    if root is not None and (root / name).is_dir():
        return root / name
    raise AssetsMissingError(
        f"the {name}/ folder is missing from the installed package ({packaged}); "
        "reinstall chromino-online from a wheel or a checkout"
    )


def migrations() -> Path:
    """The Alembic script folder (env.py and versions/)."""
    return asset("alembic")


def templates() -> Path:
    """The Jinja2 page templates."""
    return asset("templates")


def static() -> Path:
    """The scripts, styles and images served under /static."""
    return asset("static")


def translations() -> Path:
    """The Babel catalogs (always inside the package, beside the code that reads them:
    ``web/i18n/translations``)."""
    return _package_dir() / "i18n" / "translations"
