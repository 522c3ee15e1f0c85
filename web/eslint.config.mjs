import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "types/"] },
  js.configs.recommended,
  { files: ["**/*.js"], languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.browser } } },
  { files: ["js/early-solve.js"], languageOptions: { sourceType: "script" } },
  {
    files: ["js/engine/worker.js", "js/engine/snapshot-worker.js", "js/engine/pyodide-boot.js", "js/tools/export-worker.js",
      "js/cpp/compiler-worker.js", "js/cpp/wasi-worker.js", "js/runner/python-worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  { files: ["sw.js"], languageOptions: { globals: { ...globals.serviceworker } } },
];
