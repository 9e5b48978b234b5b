"""Another site for browser tests: a web server on another port of 127.0.0.1 (so another
origin) serving one page whose HTML the test sets, as a page framing ours or acting
against ours would be served."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from support.live import free_port


class OtherSite:
    """Serves ``self.html`` at every path of ``self.url`` until :meth:`close`."""

    def __init__(self, port: int | None = None) -> None:
        self.html = ""
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = site.html.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_: object) -> None:
                pass

        port = free_port() if port is None else port
        self.url = f"http://127.0.0.1:{port}"
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
