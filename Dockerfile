# Chromino online: one process, SQLite in /data by default.
#   docker build -t chromino .
#   docker run -p 8000:8000 -v chromino-data:/data -e CHROMINO_SECRET_KEY=... chromino
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    CHROMINO_ENVIRONMENT=production \
    CHROMINO_DATABASE_URL=sqlite:////data/chromino.sqlite3 \
    CHROMINO_HOST=0.0.0.0 \
    CHROMINO_PORT=8000

WORKDIR /app
COPY pyproject.toml README.md ./
COPY chromino ./chromino
COPY web ./web
COPY alembic ./alembic
COPY static ./static
COPY templates ./templates
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 1000 chromino \
    && mkdir -p /data && chown chromino /data

USER chromino
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"
CMD ["chromino", "serve"]
