"""axe-core (pinned in package.json) run on a page from the e2e tests.

``axe_violations(page, include=...)`` injects ``node_modules/axe-core/axe.min.js``
into the page (once) and returns the violations of the WCAG 2.x A/AA rules
(and axe's best practices) at the given impacts. ``assert_accessible`` fails a
test with a readable list. Reusable for any page or widget: pass ``include``
(a CSS selector) to check a part of the page only, e.g. an embedded widget.

The script goes in through the DevTools protocol (``page.evaluate`` of its
text), not a ``<script>`` tag, so it works under the page's strict
Content-Security-Policy (``script-src 'self'``) without loosening it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"

#: What is checked: WCAG 2.0/2.1/2.2 levels A and AA, and axe's best practices.
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")
SERIOUS = ("serious", "critical")


@cache
def _axe_source() -> str:
    if not AXE_JS.is_file():
        raise FileNotFoundError(f"{AXE_JS} is missing: run `make node_modules`")
    return AXE_JS.read_text(encoding="utf-8")


def axe_version(page: Page) -> str:
    _inject(page)
    version: str = page.evaluate("window.axe.version")
    return version


def _inject(page: Page) -> None:
    if page.evaluate("typeof window.axe === 'object'"):
        return
    # evaluated as a script by DevTools (not subject to the page's CSP); the
    # trailing expression makes the evaluation's value plain JSON
    page.evaluate(_axe_source() + "\n;0")
    if not page.evaluate("typeof window.axe === 'object'"):
        raise RuntimeError("axe-core did not load into the page")


def axe_results(
    page: Page,
    include: str | None = None,
    tags: tuple[str, ...] = TAGS,
    rules: tuple[str, ...] = (),
) -> dict[str, list[dict[str, Any]]]:
    """axe's ``violations`` and ``incomplete`` (what it could not decide), each
    as id, impact, help and the nodes' targets and summaries; ``rules`` runs
    only those rules instead of the ``tags``."""
    _inject(page)
    results: dict[str, list[dict[str, Any]]] = page.evaluate(
        """async ([include, tags, rules]) => {
            const context = include ? { include: [include] } : document;
            const runOnly = rules.length
                ? { type: "rule", values: rules }
                : { type: "tag", values: tags };
            const resultTypes = ["violations", "incomplete"];
            const r = await window.axe.run(context, { runOnly, resultTypes });
            const brief = (list) => list.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => ({
                    target: n.target,
                    summary: n.failureSummary
                        || [...n.any, ...n.all].map((c) => c.message).join("; "),
                })),
            }));
            return { violations: brief(r.violations), incomplete: brief(r.incomplete) };
        }""",
        [include, list(tags), list(rules)],
    )
    return results


def axe_violations(
    page: Page,
    include: str | None = None,
    impacts: tuple[str, ...] = SERIOUS,
    tags: tuple[str, ...] = TAGS,
) -> list[dict[str, Any]]:
    """The axe violations (id, impact, help, nodes' targets and summaries) of
    the page or of the elements matching ``include``, at ``impacts``."""
    found = axe_results(page, include, tags)["violations"]
    return [v for v in found if v["impact"] in impacts]


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['impact']}: {v['id']} — {v['help']}")
        for node in v["nodes"][:5]:
            lines.append(f"    {json.dumps(node['target'])}: {node['summary']}")
    return "\n".join(lines)


def assert_accessible(page: Page, where: str, include: str | None = None) -> None:
    """Fail with axe's findings if there is any serious or critical violation."""
    found = axe_violations(page, include)
    assert not found, f"axe-core found problems ({where}):\n{describe(found)}"
