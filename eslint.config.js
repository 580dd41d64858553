// ESLint (make lint): the recommended rules over the page's modules (plain ES modules
// in a browser, no build step) and the few scripts node runs.
const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  { ignores: ["node_modules/", ".venv/", "build/", "dist/"] },
  js.configs.recommended,
  {
    files: ["firmware_host/web/static/**/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.browser },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.node },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "commonjs", globals: globals.node },
  },
];
