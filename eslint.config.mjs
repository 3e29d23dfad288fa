// The static check of web/ against the supported browsers (README.md, "Supported
// browsers"; the same versions are the browserslist query in package.json): every web
// API the pages, the workers and the service worker use must be in all of them
// (eslint-plugin-compat, from the browser data it ships: nothing is fetched). Run by
// `make test` (the Makefile's `lint-web`). An API newer than the floor is allowed only
// where the code checks for it first, with an `eslint-disable-next-line compat/compat`
// comment saying why that is safe.
import compat from "eslint-plugin-compat";
import globals from "globals";

export default [
  {
    files: ["web/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker },
    },
    plugins: { compat },
    rules: { "compat/compat": "error" },
  },
  {
    // classic scripts: the load guard (ES5, so that a browser too old still runs it
    // and can be told so), index.html's worker starter, the QR reader's classic worker
    files: ["web/engine/early.js", "web/together/qr-reader-worker.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["web/shared/load-guard.js"],
    languageOptions: { ecmaVersion: 5, sourceType: "script" },
  },
];
