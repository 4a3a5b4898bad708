"""The web table on PostgreSQL (issue 19): servers sharing one database keep every acknowledged action when one
is killed, take exactly one action per state when two race, and a data directory's tables copy into a database
whole. The PostgreSQL cluster is the tests' own (tests/pgserver.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from server.live import Client, LiveServer, Table, free_port

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")

TO_MAIN = {"type": "advance", "player": 0, "to": "precombat_main"}


def on(node: LiveServer, table: Table) -> Table:
    """The same table, reached through another server."""
    return Table(node, table.created, table.form)


def test_a_node_killed_mid_game_loses_no_acknowledged_action_and_another_carries_on(
    new_server: Callable[..., LiveServer], database: str, tmp_path: Path
) -> None:
    first = new_server(data=tmp_path / "a", args=["--database", database])
    second = new_server(data=tmp_path / "b", args=["--database", database])
    table = first.create_table(players=["Ann", "Bob"], planechase=False)
    done = [TO_MAIN, {"type": "life", "player": 1, "amount": -3}, {"type": "life", "player": 0, "amount": 2}]
    with table.seat(0) as ann:
        for action in done:
            ann.do(action)  # each acknowledged: committed to the database
        log = ann.full_log()
    first.kill()  # kill -9: no shutdown at all
    with on(second, table).seat(1) as bob:
        assert bob.state["state"] == len(done)
        assert bob.state["view"] == table.game(done).view()  # the same game, from the database
        assert bob.full_log() == log
        bob.do({"type": "life", "player": 1, "amount": 1})  # and the table goes on at the other node
    assert not (tmp_path / "b" / "tables.sqlite3").exists()  # nothing was kept in a file


def test_two_nodes_racing_for_one_state_accept_exactly_one_action(
    new_server: Callable[..., LiveServer], database: str, tmp_path: Path
) -> None:
    first = new_server(data=tmp_path / "a", args=["--database", database])
    second = new_server(data=tmp_path / "b", args=["--database", database])
    table = first.create_table(players=["Ann", "Bob"], planechase=False)
    with table.seat(0) as ann, on(second, table).seat(1) as bob:
        assert ann.state["state"] == bob.state["state"] == 0
        # Both nodes hold the table at state 0; each takes an action against it.
        ann.send({"type": "act", "id": "from-a", "state": 0, "action": {"type": "life", "player": 0, "amount": -1}})
        ann_answer = ann.recv()
        bob.send({"type": "act", "id": "from-b", "state": 0, "action": {"type": "life", "player": 1, "amount": -2}})
        try:
            bob_answer = bob.recv()
        except ConnectionClosed:  # its node found the number taken: the table is read again on rejoining
            bob_answer = {"type": "closed"}
        accepted = [a for a in (ann_answer, bob_answer) if a["type"] == "state" and a.get("ack")]
        assert len(accepted) == 1, (ann_answer, bob_answer)
    # Joined again, at either node: one state 1, made by the action that was accepted.
    with table.seat(0) as ann_again, on(second, table).seat(1) as bob_again:
        assert ann_again.state["state"] == bob_again.state["state"] == 1
        assert ann_again.state["view"] == bob_again.state["view"]
        lives = [p["life"] for p in bob_again.state["view"]["players"]]
        assert lives == [19, 20]  # Ann's action, the first to commit; Bob's was never taken
    # Losing the race is no failure of the node: it is healthy, and counts the conflict.
    assert second.get("/healthz").status_code == 200
    assert "planechase_commit_conflicts_total 1.0" in second.get("/metrics").text


def test_a_data_directorys_tables_copy_into_the_database_and_play_on_there(
    new_server: Callable[..., LiveServer], database: str, tmp_path: Path
) -> None:
    local = new_server(data=tmp_path / "sqlite")
    table = local.create_table(players=["Ann", "Bob", "Cy"])
    with table.seat(0) as ann:
        ann.do(TO_MAIN)
        view, log = ann.state["view"], ann.full_log()
    local.stop()
    command = [sys.executable, "-m", "planechase", "db", "copy", "--data", str(tmp_path / "sqlite")]
    copied = subprocess.run([*command, "--database", database], capture_output=True, text=True, timeout=60)
    assert copied.returncode == 0, copied.stderr
    assert "Copied 1 table;" in copied.stdout
    again = subprocess.run([*command, "--database", database], capture_output=True, text=True, timeout=60)
    assert "Copied 0 tables; 1 already there were left alone." in again.stdout
    shared = new_server(data=tmp_path / "empty", args=["--database", database])
    with on(shared, table).seat(1) as bob:
        assert bob.state["state"] == 1 and bob.state["view"] == view and bob.full_log() == log


def test_a_database_that_cannot_be_reached_is_said_plainly(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "planechase", "serve", "--data", str(tmp_path), "--no-qr", "--port", "1"]
    refused = subprocess.run(
        [*command, "--database", "postgresql://nobody@127.0.0.1:1/none"], capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == 1 and "the tables' database can't be used" in refused.stderr
    wrong = subprocess.run([*command, "--database", "mysql://db/x"], capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 2 and "--database takes a PostgreSQL address" in wrong.stderr


def haproxy_in_front(config: Path, folder: Path, port: int, nodes: Sequence[LiveServer]) -> subprocess.Popen[bytes]:
    """HAProxy started with the project's deploy/haproxy.cfg, made to listen on ``port`` in plain HTTP and to
    spread the tables over ``nodes`` (the certificate, the TLS address and the example servers left out)."""
    haproxy = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if haproxy is None:
        pytest.fail("HAProxy was not found: scripts/setup installs it (sudo apt-get install haproxy)")
    lines = []
    for line in config.read_text(encoding="utf-8").splitlines():
        if "ssl" in line or line.strip().startswith("server node"):
            continue
        lines.append(line.replace("bind :80", f"bind 127.0.0.1:{port}"))
    lines += [f"    server node{n} 127.0.0.1:{node.port}" for n, node in enumerate(nodes, start=1)]
    (folder / "haproxy.cfg").write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = subprocess.run([haproxy, "-c", "-q", "-f", str(folder / "haproxy.cfg")], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    return subprocess.Popen([haproxy, "-f", str(folder / "haproxy.cfg")], stderr=subprocess.DEVNULL)


def test_behind_haproxy_a_killed_nodes_tables_move_to_another_node_which_carries_on(
    new_server: Callable[..., LiveServer], database: str, tmp_path: Path
) -> None:
    nodes = [new_server(data=tmp_path / f"node{n}", args=["--database", database]) for n in range(3)]
    port = free_port()
    front = LiveServer(tmp_path / "front", port)
    proxy = haproxy_in_front(ROOT / "deploy" / "haproxy.cfg", tmp_path, port, nodes)
    try:
        wait_for(lambda: _answers(f"{front.base}/healthz"), "HAProxy to pass requests on")
        created = nodes[0].post("/api/tables", json={"players": ["Ann", "Bob"], "seed": 3, "planechase": False})
        table = Table(front, created.json(), {})
        with table.seat(0) as ann, table.seat(1) as bob:  # both screens reach the same node through the proxy
            ann.do({"type": "life", "player": 0, "amount": -1})
            assert bob.expect("state")["state"] == 1
            serving = [n for n in nodes if "planechase_connections 2.0" in n.get("/metrics").text]
            assert len(serving) == 1
        serving[0].kill()
        moved = wait_for(lambda: _joined(table), "the table to be served by another node")
        with moved:
            assert moved.state["state"] == 1 and moved.state["view"]["players"][0]["life"] == 19
            moved.do({"type": "life", "player": 1, "amount": -2})
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)


def test_the_compose_files_proxy_configuration_is_one_haproxy_accepts() -> None:
    haproxy = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if haproxy is None:
        pytest.fail("HAProxy was not found: scripts/setup installs it (sudo apt-get install haproxy)")
    checked = subprocess.run(
        [haproxy, "-c", "-q", "-f", str(ROOT / "deploy" / "haproxy-compose.cfg")], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.TransportError:
        return False


def _joined(table: Table) -> Client | None:
    try:
        return table.seat(0)
    except (OSError, ConnectionClosed, AssertionError, TimeoutError):
        return None


def wait_for(check: Callable[[], T | bool | None], what: str, limit: float = 60.0) -> T:
    """Wait until ``check()`` gives something (not ``None`` or ``False``); fails after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        got = check()
        if got is not None and got is not False:
            return got  # type: ignore[return-value]
        time.sleep(0.1)
    pytest.fail(f"waited {limit:g} s for {what}")
