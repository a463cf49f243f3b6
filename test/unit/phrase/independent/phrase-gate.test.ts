import { describe, expect, it } from "vitest";
import { type Baseline, checkAgainstBaseline, formatBreach, judgeAllRows, loadBaseline } from "./gate.js";

// The per-row gate on the independent table (docs/phrases.md): the parser is judged on every
// row, tuning and held-out, and compared with the committed baseline.
describe("the per-row phrase gate", () => {
  it("keeps every row recorded right still right, and no row silent that was not recorded so", { timeout: 120_000 }, () => {
    const judged = judgeAllRows();
    const breaches = checkAgainstBaseline(judged, loadBaseline());
    expect(breaches.map(formatBreach).join("\n")).toBe("");
  });

  it("records no silent row in the held-out set drawn with the first table", () => {
    expect(Object.values(loadBaseline()["held-out"] ?? {}).filter((o) => o === "silent" || o === "crash")).toEqual([]);
  });

  it("catches each kind of breach", () => {
    const baseline: Baseline = { tuning: { a: "right", b: "refused", c: "silent", gone: "right" }, "held-out": { h: "refused", k: "refused" } };
    const whys = checkAgainstBaseline(
      [
        { id: "a", set: "tuning", lang: "en", outcome: "refused" },
        { id: "b", set: "tuning", lang: "en", outcome: "silent" },
        { id: "c", set: "tuning", lang: "en", outcome: "silent" },
        { id: "h", set: "held-out", lang: "en", outcome: "silent" },
        { id: "k", set: "held-out", lang: "en", outcome: "right" },
        { id: "new", set: "tuning", lang: "en", outcome: "right" },
      ],
      baseline,
    ).map((b) => `${b.id}: ${b.why}`);
    expect(whys).toEqual([
      "a: was right, is not",
      "b: became silent",
      "h: became silent",
      "new: not in the baseline: re-baseline explicitly (npm run phrases:baseline)",
      "gone: in the baseline, gone from the table",
    ]);
  });
});
