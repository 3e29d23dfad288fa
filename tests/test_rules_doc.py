"""docs/rules.md is the one text every rule citation points at: each section
cited anywhere in the repository (``docs/rules.md §n``, ``§n-§m``) exists there,
and no citation names a rules file outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
SEARCHED = ("engine", "devtools", "tests", "e2e", "web", "scripts", "docs", "README.md")
SUFFIXES = {".py", ".js", ".mjs", ".md", ".html", ".css"}
CITATION = re.compile(r"rules\.md(?:`)?\s*§(\d+)(?:\s*-\s*§(\d+))?")


def _files() -> list[Path]:
    out = []
    for name in SEARCHED:
        path = ROOT / name
        if path.is_file():
            out.append(path)
            continue
        out.extend(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
    return [p for p in out if p not in (RULES, Path(__file__).resolve())]


def _sections() -> set[int]:
    return {int(n) for n in re.findall(r"^## (\d+)\. ", RULES.read_text(), re.M)}


def test_the_rules_have_numbered_sections_from_1_to_9() -> None:
    assert _sections() == set(range(1, 10))


def test_every_cited_section_exists() -> None:
    sections = _sections()
    cited: dict[int, list[str]] = {}
    for path in _files():
        for match in CITATION.finditer(path.read_text(errors="replace")):
            low = int(match.group(1))
            high = int(match.group(2) or low)
            for n in range(low, high + 1):
                cited.setdefault(n, []).append(str(path.relative_to(ROOT)))
    assert cited, "no file cites docs/rules.md"
    missing = {n: where for n, where in cited.items() if n not in sections}
    assert not missing, f"cited sections missing from docs/rules.md: {missing}"


def test_citations_name_the_repositorys_own_rules() -> None:
    outside = []
    for path in _files():
        for line in path.read_text(errors="replace").splitlines():
            if "shared/spec/rules.md" in line or re.search(r"(?<![/\w])rules\.md\b", line):
                outside.append(f"{path.relative_to(ROOT)}: {line.strip()[:80]}")
    assert not outside, outside
