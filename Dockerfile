# Chromino online: one process, SQLite in the /data volume by default
# (PostgreSQL + Redis + several processes: docs/deploy/compose.yaml, docs/hosting.md).
#   docker build -t chromino .
#   docker run -p 8000:8000 -v chromino-data:/data -e CHROMINO_SECRET_KEY=... chromino
# Another base (a local mirror, a Debian image with python3 and python3-venv):
#   docker build --build-arg BASE=localhost/bookworm-python .
ARG BASE=python:3.11-slim

# --- build: the wheel, with the migrations, templates and static files inside it ---
FROM ${BASE} AS build
WORKDIR /src
RUN python3 -m venv /opt/build \
    && /opt/build/bin/pip install --no-cache-dir "build==1.6.1" "hatchling==1.33.0"
COPY pyproject.toml README.md ./
COPY chromino ./chromino
COPY web ./web
COPY alembic ./alembic
COPY static ./static
COPY templates ./templates
RUN /opt/build/bin/python -m build --wheel --no-isolation --outdir /dist .

# --- runtime: the wheel installed in a virtualenv, run by an unprivileged user ---
FROM ${BASE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/chromino/bin:$PATH \
    CHROMINO_ENVIRONMENT=production \
    CHROMINO_DATABASE_URL=sqlite:////data/chromino.sqlite3 \
    CHROMINO_HOST=0.0.0.0 \
    CHROMINO_PORT=8000
COPY --from=build /dist/ /tmp/dist/
RUN python3 -m venv /opt/chromino \
    && /opt/chromino/bin/pip install --no-cache-dir /tmp/dist/chromino_online-*.whl \
    && rm -rf /tmp/dist \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin chromino \
    && mkdir -p /data \
    && chown chromino:chromino /data

USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python3", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('CHROMINO_PORT', '8000') + '/healthz', timeout=4)"]
# `chromino serve` applies the migrations, then serves; without CHROMINO_SECRET_KEY
# (32+ characters) it refuses to start, as production settings require.
CMD ["chromino", "serve"]
