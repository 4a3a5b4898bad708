"""What a server process is doing, for its operators: ``GET /healthz`` and ``GET /metrics``.

* ``GET /healthz`` answers ``200 {"status": "ok", ...}`` when the process can read its store and its last commit
  succeeded, else ``503 {"status": "failing", "why": ...}``: what a load balancer's health check or a container's
  ``HEALTHCHECK`` asks (see docs/deploy.md).
* ``GET /metrics`` answers the Prometheus text format (made by ``prometheus_client``, in a registry of this app's
  own), read at each scrape from the process's tables:

  ======================================  ==========  ==============================================================
  ``planechase_tables_in_memory``         gauge       tables with a room in memory (someone is connected)
  ``planechase_connections``              gauge       clients connected to tables (a device holding seats, a viewer)
  ``planechase_tables_created_total``     counter     tables created by this process
  ``planechase_entries_total{kind}``      counter     entries stored, by kind: ``action`` (what ``rate()`` makes
                                                      the actions per second), ``undo``, ``bookkeeping``, ...
  ``planechase_commit_seconds``           histogram   how long each commit of the store took (a commit serves every
                                                      table that acted in the same turn of the event loop)
  ``planechase_commit_failures_total``    counter     commits that failed (a full disk, say)
  ``planechase_commit_conflicts_total``   counter     commits that found a number another server took first
  ``planechase_tables_unloadable``        gauge       tables this process could not load for a fault of its own
  ``planechase_info{release}``            gauge       1, labelled with the release of the pages' static files
  ``planechase_bus_up``                   gauge       with ``--bus``: whether Redis is connected
  ``planechase_bus_messages_total{fate}`` counter     with ``--bus``: messages ``published``, ``dropped``, ``heard``
  ======================================  ==========  ==============================================================

With ``planechase serve --workers N`` each worker process keeps its own figures, and these two addresses are
answered by the first worker (as every request that does not name a table); its figures are its own tables'.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from .tables import Tables

if TYPE_CHECKING:
    from .bus import Bus

#: Commit durations worth telling apart, in seconds: a commit to a local disk takes about a millisecond.
COMMIT_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
#: What ``GET /metrics`` answers as its content type.
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class _TablesNow(Collector):
    """The figures read from the tables at each scrape."""

    def __init__(self, tables: Tables, release: str) -> None:
        self.tables = tables
        self.release = release
        self.bus: Bus | None = None

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        tables = self.tables
        yield GaugeMetricFamily(
            "planechase_tables_in_memory", "Tables with a room in memory (someone is connected).", len(tables.rooms)
        )
        connected = sum(len(room.clients) for room in list(tables.rooms.values()))
        yield GaugeMetricFamily("planechase_connections", "Clients connected to tables.", connected)
        yield CounterMetricFamily("planechase_tables_created", "Tables created by this process.", tables.store.created)
        entries = CounterMetricFamily("planechase_entries", "Entries stored, by kind.", labels=["kind"])
        for kind, count in sorted(tables.store.appended.items()):
            entries.add_metric([kind], count)
        yield entries
        yield CounterMetricFamily(
            "planechase_commit_failures", "Commits of the store that failed.", tables.commit_failures
        )
        yield CounterMetricFamily(
            "planechase_commit_conflicts",
            "Commits that found an entry's number taken by another server (its tables were read again).",
            tables.commit_conflicts,
        )
        yield GaugeMetricFamily(
            "planechase_tables_unloadable",
            "Tables this process could not load for a fault of its own.",
            len(tables.unloadable),
        )
        if self.bus is not None:
            bus = self.bus
            yield GaugeMetricFamily("planechase_bus_up", "Whether the bus (Redis) is connected.", int(bus.up))
            messages = CounterMetricFamily("planechase_bus_messages", "Messages on the bus, by fate.", labels=["fate"])
            for fate, count in (("published", bus.published), ("dropped", bus.dropped), ("heard", bus.heard)):
                messages.add_metric([fate], count)
            yield messages
        info = GaugeMetricFamily("planechase_info", "The release of the pages' static files.", labels=["release"])
        info.add_metric([self.release], 1)
        yield info


class ServerMetrics:
    """The app's registry: the commit histogram, which the tables feed, and the figures read at each scrape.

    >>> import tempfile
    >>> from planechase.server.store import Store
    >>> metrics = ServerMetrics(Tables(Store(tempfile.mkdtemp() + "/t.sqlite3")), release="abc")
    >>> text = metrics.exposition().decode()
    >>> "planechase_tables_in_memory 0.0" in text, 'planechase_info{release="abc"} 1.0' in text
    (True, True)
    """

    def __init__(self, tables: Tables, *, release: str) -> None:
        self.registry = CollectorRegistry()
        self.commit_seconds = Histogram(
            "planechase_commit_seconds",
            "How long each commit of the store took.",
            buckets=COMMIT_BUCKETS,
            registry=self.registry,
        )
        self._now = _TablesNow(tables, release)
        self.registry.register(self._now)
        tables.on_commit = self.commit_seconds.observe

    @property
    def bus(self) -> Bus | None:
        """The bus whose figures are shown too (servers sharing a database)."""
        return self._now.bus

    @bus.setter
    def bus(self, bus: Bus | None) -> None:
        self._now.bus = bus

    def exposition(self) -> bytes:
        """The metrics in the Prometheus text format."""
        return generate_latest(self.registry)


def health(tables: Tables) -> tuple[bool, dict[str, object]]:
    """Whether this process can serve its tables, and what ``/healthz`` says: it reads its store (a quick query)
    and its last commit succeeded."""
    started = time.perf_counter()
    try:
        tables.store.table("")  # a read of the store: no such table, but the file answered
    except Exception as exc:
        return False, {"status": "failing", "why": f"the store cannot be read ({type(exc).__name__})"}
    if tables.last_commit_failed:
        return False, {"status": "failing", "why": "the last commit of the store failed; see the server's log"}
    return True, {
        "status": "ok",
        "tables_in_memory": len(tables.rooms),
        "store_read_ms": round((time.perf_counter() - started) * 1000, 3),
    }
