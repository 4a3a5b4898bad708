"""Every phone joins, out of the box: the links and QR codes a table gives carry an address other devices can
open (the machine's address on the local network, or the public URL), never the ``Host`` header a request
made up; forwarded headers count only from configured proxies; and setting up to serve installs the package
alone (issue 14, "Every phone joins")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from planechase.server.net import lan_address
from server.live import LiveServer, token_of

ROOT = Path(__file__).resolve().parents[2]


def _links(created: dict[str, object]) -> list[str]:
    seats = created["seats"]
    assert isinstance(seats, list)
    return [str(created["creator_url"]), str(created["spectator_url"]), str(created["display_url"])] + [
        str(seat["url"]) for seat in seats
    ]


def test_listening_on_every_interface_links_and_announces_the_network_address(
    new_server: Callable[..., LiveServer],
) -> None:
    live = new_server(args=["--host", "0.0.0.0", "--qr"])
    expected = f"http://{lan_address() or '127.0.0.1'}:{live.port}"
    created = live.post("/api/tables", json={"players": ["Ann", "Bob"]}).json()
    assert all(link.startswith(f"{expected}/t/{created['id']}#t=") for link in _links(created))
    announced = live.log()
    if lan_address() is not None:
        assert f"On your network:   {expected}/" in announced
        assert f"On this machine:   http://127.0.0.1:{live.port}/" in announced
        assert "▄" in announced or "█" in announced  # the QR code, drawn in the terminal
    qr = live.get("/api/qr.svg", params={"text": _links(created)[0]})
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")


def test_only_this_machine_is_announced_and_linked_when_listening_on_localhost(
    new_server: Callable[..., LiveServer],
) -> None:
    live = new_server()
    created = live.post("/api/tables", json={"players": ["Ann", "Bob"]}).json()
    assert all(link.startswith(f"http://127.0.0.1:{live.port}/t/") for link in _links(created))
    assert "Only this machine can open it" in live.log() and "--host 0.0.0.0" in live.log()


def test_a_public_url_is_in_every_link_and_the_only_base_a_qr_code_encodes(
    new_server: Callable[..., LiveServer],
) -> None:
    live = new_server(args=["--public-url", "https://planes.example.org/"])
    created = live.post("/api/tables", json={"players": ["Ann", "Bob"]}).json()
    assert all(link.startswith(f"https://planes.example.org/t/{created['id']}#t=") for link in _links(created))
    assert "Players open:      https://planes.example.org/" in live.log()
    assert live.get("/api/qr.svg", params={"text": _links(created)[0]}).status_code == 200
    local = f"{live.base}/t/{created['id']}#t={token_of(_links(created)[0])}"
    assert live.get("/api/qr.svg", params={"text": local}).status_code == 400


def test_links_are_never_built_from_the_host_header(server: LiveServer) -> None:
    spoofed = {"Host": "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}
    created = server.post("/api/tables", json={"players": ["Ann", "Bob"]}, headers=spoofed).json()
    assert all(link.startswith(f"{server.base}/t/") for link in _links(created))
    assert all("evil" not in link for link in _links(created))
    evil = "http://evil.example/t/abc#t=x"
    answer = server.get("/api/qr.svg", params={"text": evil}, headers=spoofed)
    assert answer.status_code == 400
    assert answer.json()["error"] == "a QR code is made only for a link to this server"


def test_forwarded_headers_are_believed_only_from_configured_proxies(new_server: Callable[..., LiveServer]) -> None:
    forwarded = {"X-Forwarded-Host": "planes.example.org", "X-Forwarded-Proto": "https", "X-Forwarded-For": "10.1.1.1"}
    untrusting = new_server()
    created = untrusting.post("/api/tables", json={"players": ["Ann", "Bob"]}, headers=forwarded).json()
    assert all(link.startswith(f"{untrusting.base}/t/") for link in _links(created))

    trusting = new_server(args=["--forwarded-allow-ips", "127.0.0.1"], data=untrusting.data.parent / "other")
    created = trusting.post("/api/tables", json={"players": ["Ann", "Bob"]}, headers=forwarded).json()
    assert all(link.startswith("https://planes.example.org/t/") for link in _links(created))
    qr = trusting.get("/api/qr.svg", params={"text": _links(created)[0]}, headers=forwarded)
    assert qr.status_code == 200
    assert trusting.get("/api/qr.svg", params={"text": _links(created)[0]}).status_code == 400  # not via the proxy


def test_the_creator_is_sent_every_link_as_the_server_makes_it(new_server: Callable[..., LiveServer]) -> None:
    live = new_server(args=["--public-url", "https://planes.example.org"])
    created = live.post("/api/tables", json={"players": ["Ann", "Bob"], "seed": 3}).json()
    with live.client(created["id"]) as device:
        welcome, _ = device.join(created["creator"])
    links = welcome["links"]
    assert links["creator"] == created["creator_url"]
    assert links["seats"] == [seat["url"] for seat in created["seats"]]
    assert (links["spectator"], links["display"]) == (created["spectator_url"], created["display_url"])
    with live.client(created["id"]) as seat:
        welcome, _ = seat.join(token_of(created["seats"][0]["url"]))
    assert "links" not in welcome and "tokens" not in welcome  # only the creator hands out links


def _tree_copy(target: Path) -> None:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    for name in filter(None, listed):
        source = ROOT / os.fsdecode(name)
        if source.is_file():
            (target / os.fsdecode(name)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / os.fsdecode(name))


def test_setting_up_to_serve_installs_the_package_alone_without_a_browser_or_root(tmp_path: Path) -> None:
    """scripts/serve on a machine with neither chromium nor apt-get (macOS, Fedora): it sets up what serving needs
    (no test tools, no browser, no sudo) and starts the server (here: prints its help and stops)."""
    tree = tmp_path / "planechase"
    _tree_copy(tree)
    tools = tmp_path / "bin"
    tools.mkdir()
    for command in ("bash", "dirname", "env", "uname"):  # a bare system: no chromium, no apt-get, no sudo
        found = shutil.which(command)
        assert found is not None
        (tools / command).symlink_to(found)
    marker = tmp_path / "root-was-asked"
    for command in ("apt-get", "sudo"):
        (tools / command).write_text(f"#!/bin/sh\necho {command} >> {marker}\nexit 1\n")
        (tools / command).chmod(0o755)
    env = {"PATH": str(tools), "HOME": os.environ.get("HOME", str(tmp_path)), "PYTHON": sys.executable}
    done = subprocess.run(
        ["bash", str(tree / "scripts" / "serve"), "--help"], env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "--public-url" in done.stdout and "--host" in done.stdout
    assert not marker.exists(), marker.read_text()
    assert (tree / ".venv" / "bin" / "planechase").exists()
    assert not (tree / ".venv" / "bin" / "pytest").exists()
    playwright = subprocess.run(
        [str(tree / ".venv" / "bin" / "python"), "-c", "import playwright"], capture_output=True
    )
    assert playwright.returncode != 0


def test_the_pages_ask_for_qr_codes_with_a_post_so_tokens_stay_out_of_urls(server: LiveServer) -> None:
    created = server.post("/api/tables", json={"players": ["Ann", "Bob"]}).json()
    link = created["seats"][0]["url"]
    answer = server.post("/api/qr.svg", json={"text": link})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.content == server.get("/api/qr.svg", params={"text": link}).content
    assert server.post("/api/qr.svg", json={"text": "http://evil.example/t/x"}).status_code == 400
    assert server.post("/api/qr.svg", json={"link": link}).status_code == 400
    elsewhere = {"Origin": "https://evil.example"}
    assert server.post("/api/qr.svg", json={"text": link}, headers=elsewhere).status_code == 403
    too_long = server.post("/api/qr.svg", json={"text": link + "x" * 3000})
    assert too_long.status_code == 413
    csp = answer.headers["content-security-policy"]
    assert "img-src 'self' blob:" in csp  # the page shows the code it fetched as a blob
    pages = (ROOT / "src" / "planechase" / "server" / "static").glob("*.js")
    assert not [page.name for page in pages if "qr.svg?text" in page.read_text()]


def test_a_public_url_with_a_password_is_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "planechase", "serve", "--public-url", "https://ann:secret@planes.example.org"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        cwd=tmp_path,
        timeout=60,
    )
    assert done.returncode == 2 and "no user name or password" in done.stderr
