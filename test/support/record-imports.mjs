// Preloaded with `node --import` by test/e2e/bridge-imports.test.ts: appends the URL of every ES
// module the process loads (a loader hook) and, at exit, the path of every CommonJS module in
// the require cache, one a line, to the file named by DUELY_RECORD_IMPORTS.
import { appendFileSync, writeFileSync } from "node:fs";
import { createRequire, register } from "node:module";

const out = process.env.DUELY_RECORD_IMPORTS;
if (out) {
  writeFileSync(out, "");
  const hook = `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(out)}, url + "\\n");
  return next(url, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  const require = createRequire(import.meta.url);
  process.on("exit", () =>
    appendFileSync(
      out,
      Object.keys(require.cache)
        .map((p) => `file://${p}\n`)
        .join(""),
    ),
  );
}
