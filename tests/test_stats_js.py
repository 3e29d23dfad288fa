"""The page's statistics model (web/table/stats.js) under Node's test runner
(tests/stats_check.mjs): counting hands, games, bids, reviews and deals of
the day; two tabs adding to one record; an unreadable record kept aside; a
full storage reported; the SVG chart's geometry; practice games (open hands)
counted apart; a stored record's series read up to their newest SERIES_LIMIT
entries, however long, and a chart of any length drawn; puzzles (issue 52): the
rating after each, the streak, the history and the themes, kept and read back; counts
kept under a former level (expert) counted as hard's."""

from __future__ import annotations

from node_check import run_node_check


def test_statistics_model_under_node() -> None:
    run_node_check("stats_check.mjs", passes=15, runs="web/table/stats.js")
