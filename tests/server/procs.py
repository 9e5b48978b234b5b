"""A real server in a subprocess: ``chromino serve`` (or bare ``uvicorn``) on a free port.

Unlike :class:`support.LiveServer` (a thread of the test process), a subprocess
can be killed with SIGKILL at any moment, exactly as an operating system or an
out-of-memory killer would, and restarted on the same database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Literal

import httpx
from support import TEST_SECRET, free_port

ROOT = Path(__file__).resolve().parents[2]


def server_env(database_url: str, **settings: object) -> dict[str, str]:
    """The environment of a server process: ``CHROMINO_*`` from keyword arguments."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHROMINO_")}
    env.update(
        CHROMINO_ENVIRONMENT="test",
        CHROMINO_DATABASE_URL=database_url,
        CHROMINO_SECRET_KEY=TEST_SECRET,
        CHROMINO_BOT_DELAY_SECONDS="0",
        # Scripted clients answer at once; keep the flood limits out of their way.
        CHROMINO_MESSAGES_PER_SECOND="1000",
        CHROMINO_MESSAGE_BURST="1000",
        PYTHONUNBUFFERED="1",
    )
    for name, value in settings.items():
        env[f"CHROMINO_{name.upper()}"] = str(value)
    return env


class ServerProcess:
    """One server subprocess; :meth:`start` again after :meth:`kill` restarts it on the
    same port and database."""

    def __init__(
        self,
        env: dict[str, str],
        log_path: Path,
        *,
        runner: Literal["serve", "uvicorn"] = "serve",
        port: int | None = None,
    ) -> None:
        self.env = env
        self.log_path = log_path
        self.runner = runner
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _command(self) -> list[str]:
        if self.runner == "serve":
            # Migrates the database, then runs uvicorn with the app factory.
            return [sys.executable, "-m", "chromino", "serve", "--host", "127.0.0.1",
                    "--port", str(self.port)]  # fmt: skip
        return [sys.executable, "-m", "uvicorn", "--factory", "web.app:create_app",
                "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning",
                "--no-access-log"]  # fmt: skip

    def start(self, timeout: float = 30) -> ServerProcess:
        """Start the process and wait until ``/healthz`` answers ``ok``."""
        assert self.process is None or self.process.poll() is not None, "already running"
        self._log = self.log_path.open("ab")
        self._log.write(f"--- start {self.starts + 1}: {' '.join(self._command())}\n".encode())
        self._log.flush()
        self.process = subprocess.Popen(
            self._command(),
            env=self.env,
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.starts += 1
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log()}")
            try:
                response = httpx.get(f"{self.url}/healthz", timeout=1)
                if response.status_code == 200 and response.json() == {"status": "ok"}:
                    return self
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server did not become healthy:\n{self.log()}")
            time.sleep(0.05)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no shutdown hook runs, nothing is flushed."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self._close_log()

    def stop(self, timeout: float = 10) -> None:
        """A graceful stop (SIGTERM), and SIGKILL if it takes too long."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_log()

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def log(self) -> str:
        """Everything the process printed (for failure messages)."""
        try:
            return self.log_path.read_text(errors="replace")[-6000:]
        except OSError:
            return ""

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, *_: object) -> None:
        self.kill()
