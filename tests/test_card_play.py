"""The per-deal card-play arena (devtools: hasenpfeffer_devtools.card_play).

Its promises: a deal's figures depend on its seed and the levels only (not on
the run, the process or the Dask worker it ran on), a run stopped half way goes
on to the same figures, and a level against itself measures exactly zero. The
deals are few and the levels cheap (medium's calls, easy and medium card play)
to keep the CPU light; one deal of the default, hard's calls, is played too.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.rules import Rules
from hasenpfeffer_devtools import card_play
from hasenpfeffer_devtools.card_play import Settings

RULES = Rules.preset("traditional")
CHEAP = Settings("medium", "easy", calls="medium", rules=RULES, seed=11)
DEALS = 4


def dataclass_with(settings: Settings, **changes: Any) -> Settings:
    return dataclasses.replace(settings, **changes)


def figures(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records without their CPU times (which differ from run to run)."""
    out = []
    for r in records:
        tables = [{k: v for k, v in t.items() if k != "cpu"} for t in r["tables"]]
        out.append({"deal": r["deal"], "seed": r["seed"], "tables": tables})
    return out


def summary_figures(settings: Settings, records: list[dict[str, Any]]) -> dict[str, Any]:
    s = card_play.summarize(settings, records)
    return {k: v for k, v in s.items() if k in ("deals", "compared", "comparisons")}


@pytest.fixture(scope="module")
def in_process() -> list[dict[str, Any]]:
    return card_play.run(CHEAP, DEALS, jobs=1)


def test_a_run_compares_every_deal_it_plays(in_process: list[dict[str, Any]]) -> None:
    assert [r["deal"] for r in in_process] == list(range(DEALS))
    for r in in_process:
        assert r["seed"] == CHEAP.seed + r["deal"]
        for t in r["tables"]:
            assert sum(t["tricks"]) == 6  # six tricks in every hand
        assert {(t["ns"], t["ew"]) for t in r["tables"]} == {("medium", "easy"), ("easy", "medium")}
    s = card_play.summarize(CHEAP, in_process)
    assert s["deals"] == DEALS and 0 < s["compared"] <= DEALS
    assert s["decisions"]["medium"] > 0 and s["decisions"]["easy"] > 0


def test_the_same_seed_gives_the_same_figures(in_process: list[dict[str, Any]]) -> None:
    again = card_play.run(CHEAP, DEALS, jobs=1)
    assert figures(again) == figures(in_process)
    assert summary_figures(CHEAP, again) == summary_figures(CHEAP, in_process)
    other = card_play.run(dataclass_with(CHEAP, seed=CHEAP.seed + DEALS), DEALS, jobs=1)
    assert figures(other) != figures(in_process)  # other seeds, other deals


def test_two_processes_give_the_same_figures(in_process: list[dict[str, Any]]) -> None:
    assert figures(card_play.run(CHEAP, DEALS, jobs=2)) == figures(in_process)


def test_a_dask_local_cluster_gives_the_same_figures(in_process: list[dict[str, Any]]) -> None:
    # make venv installs the devtools' dask extra (pinned in devtools/pyproject.toml)
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        records = card_play.run(CHEAP, DEALS, scheduler=cluster.scheduler_address)
    assert figures(records) == figures(in_process)


def test_an_interrupted_run_resumes_to_the_same_totals(
    tmp_path: Path, in_process: list[dict[str, Any]]
) -> None:
    path = tmp_path / "run.jsonl"
    card_play.run(CHEAP, 2, results=str(path))  # stopped after two deals ...
    with path.open("a", encoding="utf-8") as file:
        file.write('{"deal": 2, "seed": 13, "tab')  # ... while writing the third
    kept = path.read_text(encoding="utf-8").splitlines()[:3]
    played: list[int] = []
    records = card_play.run(
        CHEAP, DEALS, results=str(path), progress=lambda done, total: played.append(done)
    )
    assert played == [3, 4]  # only the deals missing were played
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:3] == kept and len(lines) == 1 + DEALS
    assert figures(records) == figures(in_process)
    assert summary_figures(CHEAP, records) == summary_figures(CHEAP, in_process)
    # and once more: nothing left to play, the same figures from the file alone
    again = card_play.run(CHEAP, DEALS, results=str(path), progress=lambda d, t: played.append(d))
    assert played == [3, 4] and figures(again) == figures(in_process)


def test_a_results_file_of_other_settings_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    card_play.run(CHEAP, 1, results=str(path))
    before = path.read_bytes()
    with pytest.raises(ValueError, match="other settings"):
        card_play.run(dataclass_with(CHEAP, b="medium"), 1, results=str(path))
    assert path.read_bytes() == before


def test_a_level_against_itself_measures_exactly_zero() -> None:
    same = Settings("easy", "easy", calls="medium", rules=RULES, seed=3)
    records = card_play.run(same, DEALS)
    assert all(len(r["tables"]) == 2 for r in records if r["tables"])  # both tables played
    s = card_play.summarize(same, records)
    assert s["compared"] > 0
    entry = s["comparisons"]["easy-easy"]
    # the same players with the same seeds from the same position play the same cards
    assert entry["tricks"] == 0.0 and entry["points"] == 0.0


def test_the_oracle_gap_shares(in_process: list[dict[str, Any]]) -> None:
    gap = dataclass_with(CHEAP, oracle_gap=True)
    records = card_play.run(gap, DEALS)
    # the a-b figures are those of the plain run: the extra tables change nothing
    assert (
        summary_figures(gap, records)["comparisons"]["medium-easy"]
        == (summary_figures(CHEAP, in_process)["comparisons"]["medium-easy"])
    )
    s = card_play.summarize(gap, records)
    shares, comparisons = s["oracle_gap_share"], s["comparisons"]
    assert shares["medium"] == 0.0 and shares["oracle"] == 1.0
    oracle = comparisons["oracle-medium"]["tricks"]
    assert shares["easy"] == pytest.approx(comparisons["easy-medium"]["tricks"] / oracle)
    # the same in points (the unit to read under the seed rules)
    in_points = s["oracle_gap_share_points"]
    assert in_points["medium"] == 0.0 and in_points["oracle"] == 1.0
    oracle_points = comparisons["oracle-medium"]["points"]
    assert in_points["easy"] == pytest.approx(comparisons["easy-medium"]["points"] / oracle_points)


def test_hard_calls_by_default_and_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--a", "medium", "--b", "easy", "--deals", "1", "--seed", "2", "--jobs", "1"]
    assert card_play.main([*argv, "--rules", "traditional", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settings"]["calls"] == "hard" and out["deals"] == 1
    assert card_play.main([*argv, "--rules", "seed"]) == 0
    text = capsys.readouterr().out
    assert "tricks per deal, medium - easy" in text and "CPU per decision, medium" in text
    with pytest.raises(SystemExit):  # a clear error from the parser
        card_play.main([*argv, "--rules", "no-such-preset"])
    assert "--rules" in capsys.readouterr().err
