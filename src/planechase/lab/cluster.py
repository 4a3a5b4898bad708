"""Studies on a Dask.distributed cluster (the ``cluster`` extra): each block of games is one task.

The cluster's workers need this package installed (the same version), and a policy given as ``FILE.py:NAME``
must be at the same path on every worker. See ``docs/lab.md`` for starting a cluster.
"""

from __future__ import annotations

from typing import Any

from ..errors import ConfigError
from .study import StudySpec, play_block

__all__ = ["DaskBackend"]


class DaskBackend:
    """A Dask.distributed cluster (the ``cluster`` extra): blocks become tasks on its workers."""

    def __init__(self, address: str) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ConfigError("--scheduler needs Dask: pip install 'planechase[cluster]'") from None
        try:
            self.client = Client(address, timeout="10s", set_as_default=False)
        except OSError as exc:
            raise ConfigError(
                "cannot reach the Dask scheduler at {address}: {reason}", address=address, reason=str(exc)
            ) from None

    def submit(self, spec: StudySpec, start: int, stop: int) -> Any:
        return self.client.submit(play_block, spec, start, stop, pure=False)

    def wait_any(self, futures: set[Any]) -> tuple[set[Any], set[Any]]:
        from distributed import wait as dask_wait

        with self.client.as_current():
            try:
                done, pending = dask_wait(list(futures), timeout=0.2, return_when="FIRST_COMPLETED")
            except TimeoutError:  # nothing finished yet: the study looks at Ctrl-C and waits again
                return set(), set(futures)
        return set(done), set(pending)

    def close(self, futures: set[Any]) -> None:
        if futures:
            self.client.cancel(list(futures))
        self.client.close()
