"""Load benchmark of the web table: many tables of WebSocket clients against a real ``planechase serve``.

Usage::

    .venv/bin/python bench/bench_web.py                                   # quick smoke: 20 tables, 5 s
    .venv/bin/python bench/bench_web.py --tables 1000 --clients 4 --seconds 30 --mode both --baseline

Every run starts its own server (``python -m planechase serve --port P --data TMP``, a subprocess, with a
fresh data directory), creates ``--tables`` tables of ``--clients`` seats (over ``POST /api/tables`` when
``serve`` has ``--create-limit``, otherwise straight into the SQLite store before the server starts) and
connects one WebSocket client per seat, joined with the seat's token. The clients run in ``--workers``
load-generator processes (an asyncio loop each, the ``websockets`` client), a table's clients all in one.
The load generator is ``bench/web_load.py``; this script runs the servers, the runs and the report.

A table's clients take turns acting, one action in flight per table, each against the table's current
state with a fresh id: mostly life adjustments (any seat may make them), and a share (``--game-actions``)
of the game's own moves by the player with priority (resolve, roll, advance, pass), and answers to pending
decisions by their player, all read from the last ``state`` message's view so that they are legal.
``--mode rate`` offers one action per table every ``--interval`` seconds; ``--mode max`` acts again as soon
as every client of the table has the previous state; ``both`` runs the two.

Measured in each run, after ``--warmup``: the latency from sending an action until *every* client of the
table has the resulting ``state`` message (p50, p90, p99, max), actions per second completed, refusals,
errors and time-outs, each client's connection setup (connect, handshake, join, first state), the time to
connect them all, and the CPU of the server, of the generator and of everything else (from ``/proc``).

``--baseline`` repeats every run against ``bench/bare_broadcast.py`` (the same uvicorn and Starlette, no
game, no storage: a message is broadcast to every client of its group, the sender too, as the web table
sends each new state to every client); ``--baseline-others`` adds a run of it relaying to the other clients
only. ``--server-workers N`` runs the web table as ``serve --workers N``. ``--profile FILE`` runs the web
table's server under cProfile over the measured window only, with its garbage collector's pauses. See
docs/performance.md, "The web table", for the results and what limits them.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import platform
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from bench_engine import cpu_name
from shared_nodes import Backend, shared_backend
from web_load import BARE, BARE_OTHERS, PLANECHASE, WorkerResult, WorkerSpec, raise_open_files_limit, worker_main

ROOT = Path(__file__).resolve().parents[1]
BARE_SERVER = Path(__file__).resolve().parent / "bare_broadcast.py"

#: The issue's goal: this many tables of four with a p99 under 100 ms, at half the bare server's throughput.
GOAL_TABLES = 1000


# -- the servers --------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH", "")) if p)
    return env


def serve_has_create_limit() -> bool:
    """Whether ``planechase serve`` takes ``--create-limit`` (tables can then be made over HTTP)."""
    out = subprocess.run(
        [sys.executable, "-m", "planechase", "serve", "--help"], capture_output=True, text=True, env=_env(), check=False
    )
    return "--create-limit" in out.stdout


class Server:
    """A server subprocess: the web table or the bare baseline."""

    def __init__(
        self,
        kind: str,
        data: Path,
        *,
        create_limit: int | None = None,
        profile: Path | None = None,
        server_workers: int = 1,
        port: int | None = None,
        extra: tuple[str, ...] = (),
        lift_address_limits: bool = True,
    ) -> None:
        self.kind = kind
        self.port = port or free_port()
        self.profile = profile if kind == PLANECHASE else None
        self.data = data
        if kind == PLANECHASE:
            serve = ["serve", "--port", str(self.port), "--data", str(data), "--no-qr"]
            if lift_address_limits:
                # Every client of the benchmark comes from this one address: the limits per address (connections,
                # messages per second) are for a crowd of addresses, so they are lifted here.
                serve += ["--max-per-address", "1000000", "--tune", "messages_per_second=1e9"]
                serve += ["--tune", "message_burst=1e9"]
            if create_limit is not None:
                serve += ["--create-limit", str(create_limit)]
            if server_workers > 1:
                serve += ["--workers", str(server_workers)]
            serve += extra
            if profile is None:
                command = [sys.executable, "-m", "planechase", *serve]
            else:  # the same command line, run by profiled_server below
                command = [sys.executable, str(Path(__file__).resolve()), PROFILED_SERVER, str(profile), *serve]
        else:
            command = [sys.executable, str(BARE_SERVER), "--port", str(self.port)]
            if kind == BARE_OTHERS:
                command.append("--to-others")
        self.log_path = data / "server.log"
        data.mkdir(parents=True, exist_ok=True)
        self.command = command
        self._launch()

    def restart(self) -> None:
        """Start the same server again (same port, same data) after it stopped or was killed."""
        assert self.process.poll() is not None, "still running"
        self._launch()

    def _launch(self) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(self.command, stdout=log, stderr=subprocess.STDOUT, env=_env())
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log()}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not listen within 60 s:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def kill(self) -> None:
        """SIGKILL, as a crash: no shutdown, no flushing."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)  # uvicorn shuts down cleanly (and cProfile writes its file)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


PROFILED_SERVER = "--profiled-server"


def profiled_server(out: Path, argv: list[str]) -> None:
    """Run ``planechase`` with ``argv`` (``serve ...``), profiling from SIGUSR1 to SIGUSR2 only.

    On SIGUSR2 the cProfile statistics are written to ``out``, and the garbage collector's pauses in the
    same window to ``out`` + ``.gc.json``: the pauses by generation, which cProfile can't show (it charges
    a collection to whatever function was running when it started)."""
    import cProfile
    import gc

    profiler = cProfile.Profile()
    pauses: dict[str, list[float]] = {"0": [], "1": [], "2": []}
    window = {"on": False, "started": 0.0, "gc_started": 0.0}

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            window["gc_started"] = time.perf_counter()
        elif window["on"]:
            pauses[str(info["generation"])].append(time.perf_counter() - window["gc_started"])

    def start(signum: int, frame: object) -> None:
        window.update(on=True, started=time.perf_counter())
        profiler.enable()

    def stop(signum: int, frame: object) -> None:
        profiler.disable()
        window["on"] = False
        profiler.dump_stats(out)
        gc_data = {
            "seconds": time.perf_counter() - window["started"],
            "pauses": pauses,
            "tracked_objects": len(gc.get_objects()),
            "thresholds": gc.get_threshold(),
        }
        Path(f"{out}.gc.json").write_text(json.dumps(gc_data))

    gc.callbacks.append(on_gc)
    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    from planechase.cli.main import main as planechase

    sys.argv = ["planechase", *argv]
    planechase()


def create_tables_in_store(data: Path, tables: int, clients: int) -> list[tuple[str, list[str]]]:
    """Tables written straight into the server's SQLite store (before the server starts)."""
    from planechase.server.create import table_config
    from planechase.server.store import Store

    store = Store(data / "tables.sqlite3")
    out = []
    try:
        for i in range(tables):
            config, meta = table_config(_form(i, clients))
            record = store.create_table(config, meta, seats=clients)
            out.append((record.id, list(record.seat_tokens)))
    finally:
        store.close()
    return out


def create_tables_over_http(port: int, tables: int, clients: int) -> list[tuple[str, list[str]]]:
    """Tables created as the page creates them: ``POST /api/tables``."""
    out = []
    for i in range(tables):
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/tables",
            data=json.dumps(_form(i, clients)).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            created = json.loads(answer.read())
        out.append((created["id"], [seat["url"].split("#t=", 1)[1].split("&", 1)[0] for seat in created["seats"]]))
    return out


def _form(i: int, clients: int) -> dict[str, Any]:
    return {"name": f"bench {i}", "players": [f"P{s}" for s in range(clients)], "decks": "random", "seed": i}


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process (all its threads), from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _tree_cpu_seconds(pid: int) -> float:
    """CPU time of a process and its live child processes (``serve --workers``: the front and its workers)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            children.append(int(stat.parent.name))
    return _cpu_seconds(pid) + sum(_cpu_seconds(child) for child in children)


def _machine_times() -> tuple[float, float]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat."""
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except OSError:
        return 0.0, 0.0
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    total = sum(values[:8])
    return float(total - idle), float(total)


# -- one run ------------------------------------------------------------------------------------------------


@dataclass
class RunSettings:
    tables: int
    clients: int
    seconds: float
    warmup: float
    interval: float
    timeout: float
    workers: int
    game_share: float
    compression: bool
    connect_concurrency: int
    seed: int
    server_workers: int = 1
    #: The shared mode: servers sharing a PostgreSQL database and a Redis bus (``--shared``, ``--nodes N``).
    nodes: int = 1
    shared: bool = False


def run_one(
    kind: str,
    mode: str,
    settings: RunSettings,
    *,
    profile: Path | None,
    log: Callable[[str], None],
    backend: Backend | None = None,
) -> dict[str, Any]:
    """Start a server, connect every client, offer load for the warm-up and the measured window; the results."""
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        over_http = kind == PLANECHASE and serve_has_create_limit()
        specs: list[tuple[str, list[str]]]
        started = time.monotonic()
        if kind == PLANECHASE and not over_http:
            specs = create_tables_in_store(data, settings.tables, settings.clients)
        else:
            specs = [(f"g{i}", [f"seat{s}" for s in range(settings.clients)]) for i in range(settings.tables)]
        extra: tuple[str, ...] = ()
        nodes = 1
        if kind == PLANECHASE and backend is not None:  # the shared mode: a database of this run's own
            extra, nodes = ("--database", backend.fresh_database(), "--bus", backend.bus), settings.nodes
        servers = [
            Server(
                kind,
                data / f"node{n}" if n else data,
                # Every run of one benchmark creates its tables from one address, within a minute (with --shared,
                # counted by every server through Redis): room for all of them.
                create_limit=settings.tables * 4 + 100 if over_http else None,
                profile=profile if not n else None,
                server_workers=settings.server_workers,
                extra=extra,
            )
            for n in range(nodes)
        ]
        try:
            if over_http:
                specs = create_tables_over_http(servers[0].port, settings.tables, settings.clients)
            created = time.monotonic() - started
            log(f"{kind} {mode}: {settings.tables} tables ready in {created:.1f} s; connecting the clients...")
            others = backend.pids if extra and backend is not None else []
            results = _load(kind, mode, settings, servers, specs, log, others) | {"tables_created_over_http": over_http}
            results["nodes"] = nodes
        finally:
            for server in servers:
                server.stop()
        if profile is not None and kind == PLANECHASE:
            results["profile"] = profile_report(profile)
        return results


def profile_report(path: Path, top: int = 25) -> dict[str, Any]:
    """The garbage collector's pauses and the functions with the most time of their own, from a profiled run."""
    import pstats

    out: dict[str, Any] = {"file": str(path)}
    gc_path = Path(f"{path}.gc.json")
    if gc_path.exists():
        gc_data = json.loads(gc_path.read_text())
        window = gc_data["seconds"]
        out["window_seconds"] = window
        out["tracked_objects"] = gc_data["tracked_objects"]
        out["gc"] = {
            gen: {"count": len(p), "seconds": sum(p), "max_ms": max(p, default=0.0) * 1000, "share": sum(p) / window}
            for gen, p in gc_data["pauses"].items()
        }
    with contextlib.suppress(OSError, TypeError, EOFError):  # no profile written, or an empty one
        stats: Any = pstats.Stats(str(path))
        rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:top]
        out["total_seconds"] = stats.total_tt
        out["top"] = [
            {"function": f"{Path(file).name}:{line}({name})", "calls": nc, "own_s": tt, "cumulative_s": ct}
            for (file, line, name), (_, nc, tt, ct, _callers) in rows
        ]
    return out


def _load(
    kind: str,
    mode: str,
    s: RunSettings,
    servers: list[Server],
    tables: list[tuple[str, list[str]]],
    log: Callable[[str], None],
    backend_pids: list[int],
) -> dict[str, Any]:
    server = servers[0]
    context = multiprocessing.get_context("spawn")
    workers = []
    for w in range(s.workers):
        spec = WorkerSpec(
            index=w,
            kind=kind,
            port=server.port,
            tables=tables[w :: s.workers],
            mode=mode,
            interval=s.interval,
            warmup=s.warmup,
            seconds=s.seconds,
            timeout=s.timeout,
            game_share=s.game_share,
            compression=s.compression,
            connect_concurrency=s.connect_concurrency,
            seed=s.seed * 1000 + w,
            more_ports=tuple(other.port for other in servers[1:]),
        )
        ours, theirs = context.Pipe()
        process = context.Process(target=worker_main, args=(spec, theirs), daemon=True)
        process.start()
        workers.append((process, ours))
    try:
        for _, pipe in workers:
            if not pipe.poll(600):
                raise RuntimeError("a load generator did not connect its clients within 10 minutes")
            tag, detail = pipe.recv()
            if tag != "ready":
                raise RuntimeError(f"a load generator failed while connecting: {detail}\n{server.log()[-2000:]}")
        go = time.monotonic() + 0.2
        for _, pipe in workers:
            pipe.send(go)
        log(f"{kind} {mode}: clients connected; {s.warmup:g} s warm-up, then {s.seconds:g} s measured...")
        pids = [p.pid for p, _ in workers if p.pid is not None]
        _sleep_until(go + s.warmup)
        if server.profile is not None:
            server.process.send_signal(signal.SIGUSR1)
        cpu0 = _servers_cpu(servers), sum(_cpu_seconds(p) for p in pids), _machine_times(), _backend_cpu(backend_pids)
        _sleep_until(go + s.warmup + s.seconds)
        cpu1 = _servers_cpu(servers), sum(_cpu_seconds(p) for p in pids), _machine_times(), _backend_cpu(backend_pids)
        if server.profile is not None:
            server.process.send_signal(signal.SIGUSR2)
        results: list[WorkerResult] = []
        for _, pipe in workers:
            if not pipe.poll(s.timeout + 60):
                raise RuntimeError("a load generator did not report")
            tag, detail = pipe.recv()
            if tag != "done":
                raise RuntimeError(f"a load generator failed: {detail}")
            results.append(detail)
    finally:
        for process, _ in workers:
            process.join(timeout=20)
            if process.is_alive():
                process.kill()
    busy = cpu1[2][0] - cpu0[2][0]
    total = cpu1[2][1] - cpu0[2][1]
    return summarize(kind, mode, s, results) | {
        "server_cpu": (cpu1[0] - cpu0[0]) / s.seconds,
        "generator_cpu": (cpu1[1] - cpu0[1]) / s.seconds,
        "machine_busy": busy / total if total else 0.0,
        # The shared mode: PostgreSQL's processes and Redis, in cores.
        "backend_cpu": (cpu1[3] - cpu0[3]) / s.seconds,
    }


def _servers_cpu(servers: list[Server]) -> float:
    return sum(_tree_cpu_seconds(server.process.pid) for server in servers)


def _backend_cpu(pids: list[int]) -> float:
    return sum(_tree_cpu_seconds(pid) for pid in pids)


def _sleep_until(moment: float) -> None:
    delay = moment - time.monotonic()
    if delay > 0:
        time.sleep(delay)


def _percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(-(-q * len(ordered) // 1)) - 1))]


def summarize(kind: str, mode: str, s: RunSettings, results: list[WorkerResult]) -> dict[str, Any]:
    latencies = [x for r in results for x in r.latencies]
    setup = [x for r in results for x in r.setup]

    def merged(name: str) -> dict[str, int]:
        total: Counter[str] = Counter()
        for r in results:
            total.update(getattr(r, name))
        return dict(total)

    ms = 1000.0
    return {
        "server": kind,
        "mode": mode,
        "tables": s.tables,
        "clients": s.tables * s.clients,
        "offered_per_second": s.tables / s.interval if mode == "rate" else None,
        "actions_per_second": sum(r.completed_in_window for r in results) / s.seconds,
        "sent": sum(r.sent for r in results),
        "completed": len(latencies),
        "latency_ms": {
            "p50": _percentile(latencies, 0.50) * ms,
            "p90": _percentile(latencies, 0.90) * ms,
            "p99": _percentile(latencies, 0.99) * ms,
            "max": max(latencies, default=float("nan")) * ms,
            "mean": statistics.fmean(latencies) * ms if latencies else float("nan"),
        },
        "refused": merged("refused"),
        "errors": merged("errors"),
        "timeouts": sum(r.timeouts for r in results),
        "late": sum(r.late for r in results),
        "tables_ended": sum(r.ended for r in results),
        "actions": merged("actions"),
        "setup_ms": {
            "p50": _percentile(setup, 0.50) * ms,
            "p99": _percentile(setup, 0.99) * ms,
            "max": max(setup, default=float("nan")) * ms,
        },
        "connect_all_seconds": max(r.connect_finished for r in results) - min(r.connect_started for r in results),
        "connect_failures": merged("connect_failures"),
    }


# -- reporting ----------------------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    """What the numbers were measured on."""
    cpu = cpu_name()
    versions = {}
    for package in ("planechase", "uvicorn", "starlette", "websockets", "uvloop", "httptools"):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = "unknown"
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "open_files": resource.getrlimit(resource.RLIMIT_NOFILE)[0],
        "somaxconn": _read_int("/proc/sys/net/core/somaxconn"),
        **versions,
    }


def _read_int(path: str) -> int | None:
    try:
        return int(Path(path).read_text().strip())
    except (OSError, ValueError):
        return None


def _issues(run: dict[str, Any]) -> str:
    bad = sum(run["refused"].values()) + sum(run["errors"].values()) + run["timeouts"]
    return f"{bad}" + (f" ({run['late']} late)" if run["late"] else "")


COLUMNS = (
    "server|mode|offered/s|actions/s|p50 ms|p90 ms|p99 ms|max ms|refused+err|setup p50/p99 ms|connect all s|"
    "server CPU|generator CPU|other CPU"
)


def _other_cpu(run: dict[str, Any], cores: int) -> float:
    """CPU used by everything but the server and the generator (other processes, the kernel's own work), as a
    share of one core: more than a few percent means the numbers were disturbed."""
    return max(0.0, float(run["machine_busy"] * cores - run["server_cpu"] - run["generator_cpu"]))


def table(results: dict[str, Any]) -> str:
    """A plain-text table of every run, and the goals."""
    header = tuple(COLUMNS.split("|"))
    cores = results["machine"]["cores"] or 1
    rows = [header]
    for run in results["runs"]:
        lat = run["latency_ms"]
        rows.append(
            (
                run["server"],
                run["mode"],
                "max" if run["offered_per_second"] is None else f"{run['offered_per_second']:,.0f}",
                f"{run['actions_per_second']:,.0f}",
                f"{lat['p50']:.1f}",
                f"{lat['p90']:.1f}",
                f"{lat['p99']:.1f}",
                f"{lat['max']:.0f}",
                _issues(run),
                f"{run['setup_ms']['p50']:.0f}/{run['setup_ms']['p99']:.0f}",
                f"{run['connect_all_seconds']:.1f}",
                f"{run['server_cpu']:.0%}",
                f"{run['generator_cpu']:.0%}",
                f"{_other_cpu(run, cores):.0%}",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [
        "  ".join(c.rjust(w) if i > 1 else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
        for r in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    s, m = results["settings"], results["machine"]
    lines.append("")
    lines.append(
        f"{s['tables']} tables x {s['clients']} clients, {s['seconds']:g} s measured after {s['warmup']:g} s warm-up, "
        f"rate mode: one action per table every {s['interval']:g} s; {s['workers']} generator processes; "
        f"game moves {s['game_share']:.0%} of actions; compression {'on' if s['compression'] else 'off'}"
    )
    lines.append(
        f"CPU is a share of one core (the machine has {cores}): {m['cpu']}, Python {m['python']}, "
        f"uvicorn {m['uvicorn']}, websockets {m['websockets']}"
    )
    for line in _verdicts(results):
        lines.append(line)
    for run in results["runs"]:
        if run.get("nodes") and s.get("shared"):
            per_action = (run["server_cpu"] + run["backend_cpu"]) / max(run["actions_per_second"], 1e-9) * 1000
            lines.append(
                f"shared mode, {run['mode']}: {run['nodes']} server(s) sharing PostgreSQL and Redis, each table's "
                f"seats "
                f"spread over them; servers {run['server_cpu']:.0%}, PostgreSQL and Redis {run['backend_cpu']:.0%} of "
                f"a core: {per_action:.2f} ms of CPU per action"
            )
        elif run["server"] == PLANECHASE:
            per_action = run["server_cpu"] / max(run["actions_per_second"], 1e-9) * 1000
            lines.append(f"{run['mode']}: {per_action:.2f} ms of the server's CPU per action (SQLite)")
    for run in results["runs"]:
        profile = run.get("profile")
        if profile is None:
            continue
        lines.append("")
        lines.append(f"profile of the server in {run['mode']} mode over the measured window: {profile['file']}")
        for gen, g in sorted(profile.get("gc", {}).items()):
            lines.append(
                f"  gc generation {gen}: {g['count']} pauses, {g['seconds']:.2f} s ({g['share']:.1%} of the window), "
                f"longest {g['max_ms']:.0f} ms"
            )
        if "tracked_objects" in profile:
            lines.append(f"  objects tracked by the garbage collector at the end: {profile['tracked_objects']:,}")
        for row in profile.get("top", [])[:15]:
            lines.append(
                f"  {row['own_s']:6.2f} s own, {row['cumulative_s']:6.2f} s with calls, {row['calls']:>8,} calls  "
                f"{row['function']}"
            )
    return "\n".join(lines)


def _verdicts(results: dict[str, Any]) -> Iterator[str]:
    runs = {(r["server"], r["mode"]): r for r in results["runs"]}
    for mode in ("rate", "max"):
        ours = runs.get((PLANECHASE, mode))
        for kind in (BARE, BARE_OTHERS):
            bare = runs.get((kind, mode))
            if ours is not None and bare is not None and bare["actions_per_second"]:
                ratio = ours["actions_per_second"] / bare["actions_per_second"]
                yield (
                    f"{mode}: web table / {kind}: {ratio:.2f}x the actions per second, "
                    f"p99 {ours['latency_ms']['p99']:.1f} ms against {bare['latency_ms']['p99']:.1f} ms"
                )
    tables = results["settings"]["tables"]
    size = f"at {tables} tables" + ("" if tables >= GOAL_TABLES else f"; the goal is for {GOAL_TABLES}")
    ours_rate = runs.get((PLANECHASE, "rate"))
    if ours_rate is not None:
        # In max mode every table always has an action waiting, so its latency is the queue, not a goal.
        met = ours_rate["latency_ms"]["p99"] < 100
        yield f"goal, p99 under 100 ms (rate mode, {size}): {'met' if met else 'NOT met'}"
    ours_max = runs.get((PLANECHASE, "max"))
    for kind in (BARE, BARE_OTHERS):
        bare_max = runs.get((kind, "max"))
        if ours_max is not None and bare_max is not None and bare_max["actions_per_second"]:
            met = ours_max["actions_per_second"] >= 0.5 * bare_max["actions_per_second"]
            which = "the bare baseline" if kind == BARE else "the bare server relaying to the others only"
            yield f"goal, at least half {which}'s throughput (max mode, {size}): {'met' if met else 'NOT met'}"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [PROFILED_SERVER]:
        profiled_server(Path(argv[1]), argv[2:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=20, help="concurrent tables (default 20)")
    parser.add_argument("--clients", type=int, default=4, help="clients (seats) per table (default 4)")
    parser.add_argument("--seconds", type=float, default=5.0, help="measured time per run (default 5)")
    parser.add_argument("--warmup", type=float, default=2.0, help="load before measuring, in seconds (default 2)")
    parser.add_argument("--mode", choices=("rate", "max", "both"), default="both", help="how load is offered")
    parser.add_argument("--interval", type=float, default=2.0, help="rate mode: seconds between a table's actions")
    parser.add_argument("--baseline", action="store_true", help="also run the bare broadcast server")
    parser.add_argument(
        "--baseline-others",
        action="store_true",
        help="also run the bare server relaying to the other clients only (the sender gets nothing back)",
    )
    parser.add_argument(
        "--server-workers", type=int, default=1, help="the web table's processes: serve --workers N (default 1)"
    )
    parser.add_argument(
        "--shared",
        action="store_true",
        help="keep the tables in a PostgreSQL database with a Redis bus (both the benchmark's own)",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        default=1,
        help="shared mode: servers sharing the tables, each table's seats spread over them",
    )
    parser.add_argument("--workers", type=int, default=2, help="load generator processes (default 2)")
    parser.add_argument("--game-actions", type=float, default=0.25, help="share of game moves (default 0.25)")
    parser.add_argument("--no-compression", action="store_true", help="don't offer permessage-deflate")
    parser.add_argument("--timeout", type=float, default=10.0, help="give up on an action after this long")
    parser.add_argument("--connect-concurrency", type=int, default=50, help="handshakes in flight per worker")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=Path, help="run the web table's server under cProfile into this file")
    parser.add_argument("--json", type=Path, help="also write the results to this JSON file ('-': print only it)")
    parser.add_argument("--quiet", action="store_true", help="print only the table")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.clients < 1 or args.seconds <= 0 or args.interval <= 0 or args.workers < 1:
        parser.error("--tables, --clients and --workers must be at least 1; --seconds and --interval positive")
    if not 0 <= args.game_actions <= 1:
        parser.error("--game-actions is a share, from 0 to 1")

    def log(message: str) -> None:
        if not args.quiet:
            print(message, file=sys.stderr, flush=True)

    limit = raise_open_files_limit()
    needed = args.tables * args.clients + 100
    if limit < needed:
        log(f"warning: the open-files limit is {limit}, the server needs about {needed}")
    settings = RunSettings(
        tables=args.tables,
        clients=args.clients,
        seconds=args.seconds,
        warmup=args.warmup,
        interval=args.interval,
        timeout=args.timeout,
        workers=min(args.workers, args.tables),
        game_share=args.game_actions,
        compression=not args.no_compression,
        connect_concurrency=args.connect_concurrency,
        seed=args.seed,
        server_workers=args.server_workers,
        nodes=max(1, args.nodes),
        shared=args.shared or args.nodes > 1,
    )
    before = _machine_times()
    time.sleep(1.0)
    after = _machine_times()
    idle_check = (after[0] - before[0]) / (after[1] - before[1]) if after[1] > before[1] else 0.0
    if idle_check > 0.1:
        log(f"warning: the machine is already {idle_check:.0%} busy before the benchmark starts")
    modes = ("rate", "max") if args.mode == "both" else (args.mode,)
    kinds = (PLANECHASE,) + ((BARE,) if args.baseline else ()) + ((BARE_OTHERS,) if args.baseline_others else ())
    runs = []
    with contextlib.ExitStack() as stack:
        backend = stack.enter_context(shared_backend()) if settings.shared else None
        for mode in modes:
            for kind in kinds:
                profile = args.profile if kind == PLANECHASE else None
                if profile is not None and len(modes) > 1:
                    profile = profile.with_name(f"{profile.stem}-{mode}{profile.suffix}")
                runs.append(run_one(kind, mode, settings, profile=profile, log=log, backend=backend))
    results = {"machine": machine() | {"busy_before": idle_check}, "settings": asdict(settings), "runs": runs}
    if args.json is not None and str(args.json) == "-":
        print(json.dumps(results, indent=2))
        return 0
    print(table(results))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
