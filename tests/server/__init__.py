"""The web server's tests: HTTP, pages, game sockets, event streams, server processes
on SQLite, PostgreSQL and Redis."""
