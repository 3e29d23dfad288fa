"""What the tests of the API share: a fresh API for each test (``fresh``, an autouse
fixture in every module that imports it) and ``ok``, a request that must succeed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hasenpfeffer import api
from hasenpfeffer.api import handle


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    """The API's games forgotten before and after the test."""
    api.reset()
    yield
    api.reset()


def ok(request: dict[str, Any]) -> dict[str, Any]:
    """The answer to ``request``, which must succeed and carry the API's version."""
    answer = handle(request)
    assert answer["ok"], answer
    assert answer["v"] == api.API_VERSION
    return answer
