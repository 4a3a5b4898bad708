"""docs/deploy.md shows the deployment files of ``deploy/`` as they are: the page and the files cannot drift apart."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("name", "fence"), [("planechase.service", "ini"), ("nginx.conf", "nginx"), ("haproxy.cfg", "haproxy")]
)
def test_the_deployment_page_shows_each_file_as_it_is(name: str, fence: str) -> None:
    page = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    text = (ROOT / "deploy" / name).read_text(encoding="utf-8").rstrip()
    assert f"`deploy/{name}`:\n\n```{fence}\n{text}\n```" in page


def test_the_service_runs_the_server_behind_its_proxy_with_the_proxy_believed() -> None:
    unit = (ROOT / "deploy" / "planechase.service").read_text(encoding="utf-8")
    start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    for option in (
        "serve",
        "--host 127.0.0.1",
        "--port 8000",
        "--public-url https://",
        "--forwarded-allow-ips 127.0.0.1",
    ):
        assert option in start, option
    nginx = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    assert "server 127.0.0.1:8000;" in nginx  # the port the service listens on
    for header in ("Upgrade $http_upgrade", "Connection $connection_upgrade", "X-Forwarded-For", "X-Forwarded-Proto"):
        assert header in nginx, header


def test_the_compose_file_runs_two_servers_sharing_the_database_and_the_bus_behind_the_proxy() -> None:
    import yaml

    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert set(services) == {"postgres", "redis", "node1", "node2", "proxy"}
    for node in ("node1", "node2"):
        environment = services[node]["environment"]
        assert environment["PLANECHASE_DATABASE"].startswith("postgresql://")
        assert environment["PLANECHASE_DATABASE"].split("@")[1].startswith("postgres/")  # the compose service
        assert environment["PLANECHASE_BUS"] == "redis://redis:6379/0"
        assert services[node]["build"] == "."
    mounted = services["proxy"]["volumes"][0].split(":")[0]
    proxy = (ROOT / mounted).read_text(encoding="utf-8")
    assert "server node1 node1:8000" in proxy and "server node2 node2:8000" in proxy and "bind :8080" in proxy
    assert services["proxy"]["ports"] == ["8080:8080"]
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "'.[postgres,redis]'" in dockerfile and "EXPOSE 8000" in dockerfile and "/healthz" in dockerfile
