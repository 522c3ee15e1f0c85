// Renders messages with i18next and web/js/i18n/render.js, for tests/test_i18n.py.
// stdin: {"catalogs": {"en": {...}, "zh-CN": {...}}, "cases": [{"lng": "en", "msg": {...}}, ...]}
// stdout: a JSON array of the texts, in order.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { default: i18next } = await import(join(root, "web/node_modules/i18next/dist/esm/i18next.js"));
const { i18nOptions, render } = await import(join(root, "web/js/i18n/render.js"));

const request = JSON.parse(readFileSync(0, "utf8"));
const resources = Object.fromEntries(
  Object.entries(request.catalogs).map(([lng, catalog]) => [lng, { translation: catalog }]));
const i18n = i18next.createInstance();
await i18n.init({ ...i18nOptions(), lng: "en", resources, initAsync: false });
process.stdout.write(JSON.stringify(request.cases.map(({ lng, msg }) => render(i18n, msg, lng))));
