"""The site's scripts without their comments (devtools/hasenpfeffer_site/js_comments.mjs,
run by build_site.py; issue 50): the comments go, a ``//`` or ``/*`` in a string, a
template or a regular expression stays, every line of code stays on its line, two tokens
a comment stood between stay two; a file that does not parse is left as it is."""

from __future__ import annotations

import subprocess
from pathlib import Path

from hasenpfeffer_site.build_site import JS_COMMENTS

SOURCE = """// The module's header.
// Two lines of it.
import { a } from "./a.js"; // why a

/* a block
   of three
   lines */
const url = "http://example.invalid/*not a comment*/";
const re = /\\/\\/ not a comment/g;
const t = `// nor ${a /* but this */} this`;
export function f(x) {
  return x/**/+1; // the sum
}
"""

EXPECTED = """

import { a } from "./a.js";




const url = "http://example.invalid/*not a comment*/";
const re = /\\/\\/ not a comment/g;
const t = `// nor ${a } this`;
export function f(x) {
  return x +1;
}
"""


def run(*files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["node", str(JS_COMMENTS), *map(str, files)], capture_output=True, text=True, check=True
    )


def test_the_comments_go_and_the_code_stays_on_its_lines(tmp_path: Path) -> None:
    module = tmp_path / "module.js"
    module.write_text(SOURCE, encoding="utf-8")
    said = run(module)
    assert module.read_text(encoding="utf-8") == EXPECTED
    saved = len(SOURCE.encode()) - len(EXPECTED.encode())
    assert said.stdout.strip() == f"js_comments: {saved} bytes of comments left out"


def test_a_classic_script_too_and_what_does_not_parse_is_left_and_named(tmp_path: Path) -> None:
    script = tmp_path / "classic.js"
    script.write_text('importScripts("x.js"); // a worker\nwith (o) { y(); }\n', encoding="utf-8")
    broken = tmp_path / "broken.js"
    broken.write_text("const = ; // not JavaScript\n", encoding="utf-8")
    said = run(script, broken)
    assert script.read_text(encoding="utf-8") == 'importScripts("x.js");\nwith (o) { y(); }\n'
    assert broken.read_text(encoding="utf-8") == "const = ; // not JavaScript\n"
    assert said.stdout.endswith(f"(not parsed): {broken}\n"), said.stdout
