"""The test suite's engine: the pure Python one, the reference, unless ``PLANECHASE_ENGINE`` says otherwise.

``scripts/test`` runs the whole suite on it, then the rules, protocol and conformance tests again on the compiled
engine (``PLANECHASE_ENGINE=compiled``, see :mod:`planechase.compiled`). This runs before anything imports
``planechase``, which chooses its engine once, as it is imported."""

from __future__ import annotations

import os

os.environ.setdefault("PLANECHASE_ENGINE", "pure")
