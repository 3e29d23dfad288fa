"""Four levels (issue 53: expert folded into hard). Whatever of the player's still names
the former Expert level (stored settings, a saved game, a link, the statistics) opens as
Hard, and the player is told so once: one notice, not again on the next visit."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page

from game_driver import WAITING, reload, reset, revisit, saved, start, step

SETTINGS_KEY = "hasenpfeffer.settings.v1"
SAVE_KEY = "hasenpfeffer.game.v1"
ASIDE_KEY = "hasenpfeffer.game.v1.aside"
STATS_KEY = "hasenpfeffer.stats.v1"
TOLD_KEY = "hasenpfeffer.levels-renamed.v1"
NOTICE = "#notice:not([hidden])"
SAID = "The Expert level is now part of Hard"
LEVELS = '() => window.hasenpfeffer.state?.levels?.join(",")'


def options(page: Page, seat: int) -> list[str]:
    values: list[str] = page.eval_on_selector_all(
        f'[data-level-seat="{seat}"] option', "os => os.map(o => o.value)"
    )
    return values


def test_settings_that_name_expert_open_as_hard_and_say_so_once(warm_page: Page) -> None:
    mine = {"levels": ["human", "expert", "medium", "expert"], "rules": "seed", "speed": "instant"}
    page = revisit(warm_page, "?seed=3", {SETTINGS_KEY: json.dumps(mine)})
    assert page.evaluate(LEVELS) == "human,hard,medium,hard"
    assert page.evaluate("window.hasenpfeffer.settings.levels") == [
        "human",
        "hard",
        "medium",
        "hard",
    ]
    page.wait_for_selector(NOTICE)
    assert SAID in page.inner_text("#notice")
    # the settings show four levels (and a person), Hard chosen where Expert was
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-preset]")
    for seat in (1, 2, 3):
        assert options(page, seat) == ["random", "easy", "medium", "hard", "human"]
    assert [page.input_value(f'[data-level-seat="{s}"]') for s in (1, 2, 3)] == [
        "hard",
        "medium",
        "hard",
    ]
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog", state="hidden")
    # the next visit (the stored settings still name expert): played as hard, not said again
    assert page.evaluate(f"localStorage.getItem('{TOLD_KEY}')") is not None
    reload(page)
    assert page.evaluate(LEVELS) == "human,hard,medium,hard"
    assert page.is_hidden("#notice")


def test_an_old_saved_game_with_expert_players_resumes_with_hard_ones(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=hard&seed=21")
    rng = random.Random(4)
    for _ in range(2):
        step(page, rng)
    page.wait_for_selector(WAITING)
    record = saved(page)
    assert record is not None and "hard" in record["decidedBy"]
    actions = page.evaluate("window.hasenpfeffer.state.actions")
    # the record an older page kept: its players and their decisions named expert
    old: dict[str, Any] = dict(record)
    old["levels"] = ["expert" if lv == "hard" else lv for lv in record["levels"]]
    old["decidedBy"] = ["expert" if lv == "hard" else lv for lv in record["decidedBy"]]
    page = revisit(page, "", {SAVE_KEY: json.dumps(old)})
    assert page.evaluate(LEVELS) == "human,hard,hard,hard"
    assert page.evaluate("window.hasenpfeffer.state.actions") >= actions
    assert page.evaluate(f"localStorage.getItem('{ASIDE_KEY}')") is None  # nothing set aside
    page.wait_for_selector(NOTICE)
    assert SAID in page.inner_text("#notice")
    # the game goes on, and its record is written back with the level's name now
    step(page, rng)
    page.wait_for_function(
        f"""() => {{
          const r = JSON.parse(localStorage.getItem('{SAVE_KEY}'));
          return r.levels.join(",") === "human,hard,hard,hard" && !r.decidedBy.includes("expert");
        }}"""
    )


def test_statistics_kept_under_expert_are_shown_as_hards(warm_page: Page) -> None:
    stats = {
        "format": "hasenpfeffer-stats",
        "version": 1,
        "games": {"played": 1, "won": 0},
        "hands": {"played": 4, "won": 2},
        "bids": {"seed|expert": {"made": 2, "failed": 1}, "seed|hard": {"made": 1, "failed": 0}},
        "points": [{"at": 1, "points": 2, "preset": "seed", "level": "expert"}],
        "losses": [],
        "daily": {},
    }
    page = revisit(warm_page, "?speed=instant&seed=3", {STATS_KEY: json.dumps(stats)})
    assert page.is_hidden("#notice")  # nothing read of expert yet
    page.click('[data-tool="stats"]')
    page.wait_for_selector("#stats-dialog[open]")
    rows = page.eval_on_selector_all(
        "#stats-dialog tbody tr",
        "rs => rs.map(r => [...r.querySelectorAll('th, td')].map(c => c.textContent.trim()))",
    )
    bids = [r for r in rows if r and r[0].endswith(", Hard")]
    assert [r[1:] for r in bids] == [["3", "1"]], rows
    assert not any("xpert" in cell for r in rows for cell in r), rows
    page.wait_for_selector(NOTICE)
    assert SAID in page.inner_text("#notice")


def test_a_game_embed_linked_with_expert_players_plays_with_hard_ones(
    page: Page, base_url: str
) -> None:
    """The game inside an embed (index.html?embed=...) takes the link's players: a link
    an embedding page wrote with bots=expert plays with hard players. The embed keeps
    nothing of a player's, so it has nothing to tell."""
    start(page, base_url, "?embed=1&speed=instant&seed=3&bots=expert")
    assert page.evaluate(LEVELS) == "human,hard,hard,hard"
    assert page.evaluate("window.hasenpfeffer.state.actions") >= 0
    step(page, random.Random(2))
    page.wait_for_selector(WAITING)
    assert page.is_hidden("#notice")
