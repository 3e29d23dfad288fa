"""The web front end takes the engine's words from the engine (docs/architecture.md).

The build writes ``web/shared/vocabulary.js`` from
``hasenpfeffer.api.vocabulary.web_vocabulary()``; ``web/shared/actions.js`` reads
action texts with it and ``web/shared/roles.js`` names the card roles. Here: no
JavaScript module spells the notation's words, the suit list, a named bid, the
Joker's code or a role map itself, and ``parseAction`` reads every action of
the engine as the engine does (run under Node).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hasenpfeffer.actions import ALL_ACTIONS
from hasenpfeffer.api.vocabulary import web_vocabulary

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"

#: What a module would write if it kept the engine's grammar or lists for itself.
SPELLED_OUT = {
    "an action word as a prefix": re.compile(
        r"""startsWith\(\s*["'](pass|bid|trump|discard|alone|decline|play)\b"""
    ),
    "an action word with its space": re.compile(r"""["'](bid|trump|discard|play) ["']"""),
    "the suit list": re.compile(
        r"""\[\s*["']C["']\s*,\s*["']D["']\s*,\s*["']H["']\s*,\s*["']S["']"""
    ),
    "a named bid": re.compile(r"""["'](little|big)["']"""),
    "the Joker's code": re.compile(r"""["']JK["']"""),
    "a card role": re.compile(
        r"""[{,]\s*["']?(joker|highest_trump|right_bower|left_bower)["']?\s*:"""
        r"""|["'](joker|highest_trump|right_bower|left_bower)["']"""
    ),
}
COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def modules() -> list[Path]:
    return sorted(p for p in WEB.rglob("*.js") if "locales" not in p.parts)


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.relative_to(WEB).as_posix())
def test_no_module_spells_out_the_engines_words(path: Path) -> None:
    code = COMMENTS.sub("", path.read_text(encoding="utf-8"))
    found = [what for what, pattern in SPELLED_OUT.items() if pattern.search(code)]
    assert found == [], f"{path.relative_to(ROOT)}: {found} (use web/shared/vocabulary.js)"


PARSE_ALL = """
import { parseAction } from "./actions.js";
const texts = JSON.parse(process.argv[2]);
console.log(JSON.stringify(texts.map((text) => parseAction(text))));
"""


def test_parse_action_reads_every_action_as_the_engine_does(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (it runs web/shared/actions.js): install Node 20+")
    shutil.copy(WEB / "shared" / "actions.js", tmp_path / "actions.js")
    (tmp_path / "vocabulary.js").write_text(
        f"export default {json.dumps(web_vocabulary())};\n", encoding="utf-8"
    )
    (tmp_path / "check.mjs").write_text(PARSE_ALL, encoding="utf-8")
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    texts = [str(action) for action in ALL_ACTIONS]
    run = subprocess.run(
        [node, str(tmp_path / "check.mjs"), json.dumps(texts)],
        capture_output=True,
        text=True,
        check=True,
    )
    parsed = json.loads(run.stdout)
    for text, action, got in zip(texts, ALL_ACTIONS, parsed, strict=True):
        rest = text.partition(" ")[2]
        assert got == {"kind": str(action.kind), "arg": rest or None}, text
    assert {got["kind"] for got in parsed} == set(web_vocabulary()["action_kinds"])
