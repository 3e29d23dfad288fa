"""The ``>>>`` examples in the engine's docstrings run, and pass.

Every module of the package is collected; the main modules of each layer must
carry examples (a module that loses all of them fails here).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import hasenpfeffer

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(hasenpfeffer.__path__, "hasenpfeffer.")
    if not info.name.endswith("__main__")
)

#: The modules whose docstrings must show runnable examples.
WITH_EXAMPLES = (
    "hasenpfeffer",
    "hasenpfeffer.cards",
    "hasenpfeffer.actions",
    "hasenpfeffer.rules",
    "hasenpfeffer.game",
    "hasenpfeffer.notation",
    "hasenpfeffer.puzzle",
    "hasenpfeffer.vocabulary",
    "hasenpfeffer.knowledge",
    "hasenpfeffer.bots",
    "hasenpfeffer.api",
    "hasenpfeffer.api.vocabulary",
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_pass(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_main_modules_show_examples(name: str) -> None:
    module = importlib.import_module(name)
    examples = sum(len(t.examples) for t in doctest.DocTestFinder().find(module))
    assert examples > 0, f"{name} has no >>> examples in its docstrings"


def test_every_layer_is_collected() -> None:
    for part in ("hasenpfeffer.bots.hard", "hasenpfeffer.api.game_ops", "hasenpfeffer.tools.cli"):
        assert part in MODULES
