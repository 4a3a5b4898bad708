# The web table's server as a container image (docs/deploy.md): `docker build -t planechase .`
# It serves on port 8000; give it a database and a bus to share tables with other servers:
#   docker run -p 8000:8000 -e PLANECHASE_DATABASE=postgresql://... -e PLANECHASE_BUS=redis://... planechase
# Without them it keeps its tables in SQLite in /srv/planechase/data (mount a volume there to keep them).
FROM python:3.11-slim
RUN useradd --system --create-home --home-dir /srv/planechase planechase
WORKDIR /srv/planechase/app
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install --no-cache-dir '.[postgres,redis]'
USER planechase
RUN mkdir -p /srv/planechase/data
EXPOSE 8000
HEALTHCHECK --interval=5s --timeout=3s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
# The address players open (links and QR codes carry it): set PUBLIC_URL. Only the proxy in front should reach
# the server, whose forwarded headers are then believed.
ENV PUBLIC_URL=http://localhost:8080
CMD ["sh", "-c", "exec planechase serve --host 0.0.0.0 --port 8000 --data /srv/planechase/data --no-qr --public-url \"$PUBLIC_URL\" --forwarded-allow-ips '*'"]
