"""The static check of web/ against the supported browsers (issue 48): eslint with
eslint-plugin-compat (eslint.config.mjs), its browserslist query in package.json the
README's table of supported browsers, run by `make test` (`make lint-web`). Here: the
query and the README agree, the check does refuse an API a supported browser lacks, and
every exception in web/ says why it is safe."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"


def readme_floors() -> dict[str, str]:
    """The README's supported browsers: browserslist name → the first version."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Supported browsers") :]
    rows = dict(re.findall(r"^\| ([^|]+?) \| ([\d.]+) \|", section, re.M))
    chromium = rows["Chrome, Edge (and other Chromium browsers)"]
    return {
        "chrome": chromium,
        "edge": chromium,
        "firefox": rows["Firefox"],
        "safari": rows["Safari (macOS, iPhone, iPad)"],
        "ios_saf": rows["Safari (macOS, iPhone, iPad)"],
    }


def test_the_query_is_the_readmes_table() -> None:
    query = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["browserslist"]
    assert sorted(query) == sorted(f"{name} >= {v}" for name, v in readme_floors().items())


def lint(source: str) -> subprocess.CompletedProcess[str]:
    """eslint with the project's configuration on ``source`` as if it were a module of web/."""
    return subprocess.run(
        [str(ESLINT), "--max-warnings", "0", "--stdin", "--stdin-filename", "web/probe.js"],
        input=source,
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "BROWSERSLIST_IGNORE_OLD_DATA": "1"},
        timeout=120,
    )


def test_an_api_a_supported_browser_lacks_is_refused() -> None:
    run = lint("export const detector = new BarcodeDetector({ formats: ['qr_code'] });\n")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "BarcodeDetector is not supported in Safari 16.4" in run.stdout, run.stdout
    # an API every supported browser has passes
    assert lint("export const c = new BroadcastChannel('x');\n").returncode == 0


def test_the_load_guard_is_held_to_es5() -> None:
    """The guard must run in a browser too old for the rest: no later syntax in it."""
    guard = (ROOT / "web" / "shared" / "load-guard.js").read_text(encoding="utf-8")
    run = subprocess.run(
        [str(ESLINT), "--stdin", "--stdin-filename", "web/shared/load-guard.js"],
        input=guard.replace("var KEY =", "const KEY ="),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1 and "Parsing error" in run.stdout, run.stdout


def test_every_exception_says_why_it_is_safe() -> None:
    for path in sorted((ROOT / "web").rglob("*.js")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if "eslint-disable" not in line:
                continue
            where = f"{path.relative_to(ROOT)}:{i + 1}"
            # one rule, for the next line only, never a file or a block
            assert line.strip() == "// eslint-disable-next-line compat/compat", where
            comment = []
            for before in reversed(lines[:i]):
                if not before.strip().startswith("//"):
                    break
                comment.insert(0, before.strip())
            assert comment and comment[0].startswith("// safe:"), where
