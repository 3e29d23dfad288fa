// The site's JavaScript without its comments, every line of code where it was: the
// comments are for readers of the repository, and a plain host sends every byte of them
// before the table is playable (137 KB of the 341 KB of modules a first deal loads,
// issue 50). Run by build_site.py on the site's copies (never on web/).
//
//   node devtools/hasenpfeffer_site/js_comments.mjs <file.js>...
//
// Comments are found by ESLint's parser (the project's own linter: a dependency already),
// not by a pattern: a "//" in a string, a template or a regular expression stays. A line
// comment goes with the spaces before it; a block comment leaves its line breaks (or a
// space, between two tokens on its line), so every line number stays (stack traces point
// where the source does). Each file is parsed again after: the same tokens on the same
// lines, or the build fails. A file that parses neither as a module nor as a script is
// left as it is and named. Prints the bytes saved.

import { readFileSync, writeFileSync } from "node:fs";
import { Linter } from "eslint";

const linter = new Linter({ configType: "flat" });

/** The source code of `text` as ESLint parses it (its comments, tokens), or null when it
 * parses neither as a module nor as a script. */
function parsed(text, types = ["module", "script"]) {
  for (const sourceType of types) {
    const messages = linter.verify(text, [{ languageOptions: { ecmaVersion: "latest", sourceType } }]);
    if (!messages.some((m) => m.fatal)) return { code: linter.getSourceCode(), sourceType };
  }
  return null;
}

const newlines = (s) => (s.match(/\n/g) ?? []).length;

/** `text` without `comments` (their ranges): each line that held one cut of its trailing spaces. */
function withoutComments(text, comments) {
  const parts = [];
  const touched = new Set();
  let at = 0;
  let row = 0;
  for (const comment of comments) {
    const [start, end] = comment.range;
    const before = text.slice(at, start);
    row += newlines(before);
    touched.add(row);
    const breaks = newlines(text.slice(start, end));
    // a block comment alone between two tokens on its line: a space, so they stay two
    const gap = breaks === 0 && /\S/.test(text[start - 1] ?? "") && /\S/.test(text[end] ?? "") ? " " : "";
    parts.push(before, "\n".repeat(breaks) || gap);
    row += breaks;
    at = end;
  }
  parts.push(text.slice(at));
  const lines = parts.join("").split("\n");
  for (const r of touched) lines[r] = lines[r].trimEnd();
  return lines.join("\n");
}

const tokens = (code) => code.ast.tokens.map((t) => `${t.loc.start.line} ${t.type} ${t.value}`).join("\n");

let saved = 0;
const left = [];
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, "utf8");
  const before = parsed(text);
  if (before === null) {
    left.push(file);
    continue;
  }
  const comments = before.code.getAllComments();
  const was = tokens(before.code);
  const stripped = withoutComments(text, comments);
  const after = parsed(stripped, [before.sourceType]);
  if (after === null || tokens(after.code) !== was) {
    process.stderr.write(`js_comments: ${file}: its code changed without its comments\n`);
    process.exit(1);
  }
  saved += Buffer.byteLength(text) - Buffer.byteLength(stripped);
  writeFileSync(file, stripped);
}
const notParsed = left.length ? `; left as they are (not parsed): ${left.join(", ")}` : "";
process.stdout.write(`js_comments: ${saved} bytes of comments left out${notParsed}\n`);
