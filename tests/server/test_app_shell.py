"""What makes the site an installable web app, as the server serves it: the service
worker at the root (revalidated on every check, its cache named after the static
files) and the manifest."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from web import paths
from web.site import pages
from web.site.security import CONTENT_SECURITY_POLICY


def test_the_service_worker_is_served_at_the_root(client: TestClient) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].split(";")[0] == "text/javascript"
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "STATIC_VERSION" not in answer.text
    [version] = re.findall(r'const VERSION = "([0-9a-f]+)";', answer.text)
    assert version == pages.static_version()
    assert client.get("/sw.js").text == answer.text  # the same files, the same worker


def test_the_manifest_is_served_as_a_manifest(client: TestClient) -> None:
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    assert answer.headers["cache-control"] == "no-cache"
    manifest = answer.json()
    assert manifest["name"] == "Chromino online"
    assert manifest["start_url"] == manifest["scope"] == "/"
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).headers["content-type"] == icon["type"]


def test_the_workers_version_follows_the_static_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any change to a static file names a new cache; the same files, the same name."""
    monkeypatch.setattr(paths, "static", lambda: tmp_path)
    (tmp_path / "js").mkdir()
    script = tmp_path / "js" / "a.js"
    script.write_text("one")
    first = pages.static_version()
    assert pages.static_version() == first
    script.write_text("three")  # another size: a file system may keep the same time
    second = pages.static_version()
    assert second != first
    script.write_text("one")
    assert pages.static_version() == first
    (tmp_path / "b.css").write_text("")
    assert pages.static_version() not in {first, second}
