"""Hypothesis settings for every engine test, here and inside Pyodide
(tests/pyodide_pytest.mjs copies this file along).

No deadline: a test's time is measured by the benchmarks, not judged per example.
On a loaded machine one example of a solver property took 313 ms against the
default 200 ms deadline once (and 0.6 ms when hypothesis ran it again), which
failed the run as "flaky" though nothing in the engine was.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("hasenpfeffer", deadline=None)
settings.load_profile("hasenpfeffer")
