import { parsePhrase } from "../src/core/phrase/index.js";
import { describeReading } from "../test/unit/phrase/independent/judge.js";
const [zone, ...texts] = process.argv.slice(2);
const now = Date.parse(process.env.NOW ?? "2026-03-05T15:00:00Z");
for (const t of texts) {
  try { const r = parsePhrase(t, { timezone: zone ?? "America/New_York", now }); console.log(t, "=>", describeReading(r, now), r.endAt ? `end ${new Date(r.endAt).toISOString()}` : "", r.maxRuns ?? ""); }
  catch (e) { console.log(t, "=> ERR", (e as {code?:string}).code, (e as Error).message); }
}
