"""The server side of a load run: ``chromino serve`` processes on loopback and the fresh
database they share. Everything here runs or prepares a real server, as a host would;
nothing here plays.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from .load_plan import LoadPlan

ROOT = Path(__file__).resolve().parent.parent
SHARED_SECRET = secrets.token_hex(32)
"""Every process of a run signs cookies alike, so a guest made on one is known on all."""
POSTGRES_ADMIN_URL = os.environ.get(
    "CHROMINO_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("CHROMINO_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """One uvicorn process serving the app, killed at the end."""

    def __init__(
        self,
        directory: Path,
        env: dict[str, str],
        database_url: str,
        name: str = "server",
        module: str = "web",
    ) -> None:
        """``module``: what ``python -m`` runs with ``serve`` (``bench.traced_server``
        traces the server's allocations)."""
        self.port = _free_port()
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("CHROMINO_")}
        self.env.update(
            CHROMINO_ENVIRONMENT="test",
            CHROMINO_DATABASE_URL=database_url,
            CHROMINO_SECRET_KEY=SHARED_SECRET,
            CHROMINO_ALLOWED_ORIGINS=self.url,
        )
        self.env.update(env)
        self.log_path = directory / f"{name}.log"
        self.log = self.log_path.open("wb")
        # Served as a host serves it (``chromino serve``: its websocket settings, its
        # limits), its log quiet but for warnings.
        self.env.setdefault("CHROMINO_LOG_LEVEL", "warning")
        command = [sys.executable, "-m", module, "serve", "--host", "127.0.0.1",
                   "--port", str(self.port)]  # fmt: skip
        self.process = subprocess.Popen(
            command,
            env=self.env,
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def wait_healthy(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        async with httpx.AsyncClient(trust_env=False) as client:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.process.returncode}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get(f"{self.url}/healthz")).status_code == 200:
                        return
                await asyncio.sleep(0.05)
        raise RuntimeError("the server did not start")

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss(self) -> int:
        """The server process's resident memory, in bytes."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.log.close()


@contextlib.contextmanager
def fresh_database(directory: Path, plan: LoadPlan) -> Any:
    """A fresh migrated database: a SQLite file, or a PostgreSQL database dropped after."""
    from web.ops.migrate import upgrade

    if plan.processes == 1 and not plan.postgres:
        url = f"sqlite:///{directory / 'load.sqlite3'}"
        upgrade(url)
        yield url
        return
    import psycopg
    from sqlalchemy import make_url

    name = f"chromino_load_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = make_url(POSTGRES_ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    try:
        upgrade(url)
        yield url
    finally:
        with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
