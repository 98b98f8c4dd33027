# Platform Advisor API image.
# durable-rules ships only as source and compiles C at install time, so gcc lives in the builder
# stage alone; the runtime image carries the finished virtual environment and runs unprivileged.
FROM python:3.11-slim AS builder
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml README.md ./
COPY advisor ./advisor
COPY api ./api
COPY rules ./rules
COPY knowledge ./knowledge
RUN python -m venv /opt/advisor \
 && /opt/advisor/bin/pip install --no-cache-dir --upgrade pip \
 && /opt/advisor/bin/pip install --no-cache-dir .

FROM python:3.11-slim
RUN useradd --system --create-home --uid 10001 advisor \
 && mkdir -p /data && chown advisor:advisor /data
COPY --from=builder /opt/advisor /opt/advisor
ENV PATH="/opt/advisor/bin:$PATH" \
    ADVISOR_DB=/data/advisor.db \
    PYTHONUNBUFFERED=1
USER advisor
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz').status != 200)"
# First start on an empty /data volume: creates the API key 'default' and prints it once in the
# log (`docker logs <container>`); later starts only say that a key exists.
CMD ["advisor", "serve", "--host", "0.0.0.0", "--port", "8000", "--create-key"]
