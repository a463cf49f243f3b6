import { describe, expect, it } from "vitest";
import { isDomainError } from "../../../src/core/errors.js";
import { LANGS, parsePhrase } from "../../../src/core/phrase/index.js";
import { nextFireTimes } from "../../../src/core/schedule/index.js";
import { refusedOnPurpose } from "./refused-on-purpose.js";
import { deRows } from "./rows-de.js";
import { enRows } from "./rows-en.js";
import { esRows } from "./rows-es.js";
import { jaRows } from "./rows-ja.js";
import { zhRows } from "./rows-zh.js";
import type { Row } from "./table.js";

const rows: Row[] = [...enRows, ...zhRows, ...jaRows, ...esRows, ...deRows];

/** What a row actually read as, in the shape of `Row["expect"]`. */
function readRow(row: Row): { expect: Row["expect"]; matched?: string } {
  const now = Date.parse(row.now);
  try {
    const reading = parsePhrase(row.text, { timezone: row.timezone, now, ...(row.defaultTime && { defaultTime: row.defaultTime }) });
    const { schedule } = reading;
    if (schedule.kind === "immediate") return { expect: "immediate", matched: reading.matched };
    const count = schedule.kind === "once" ? 1 : 3;
    return { expect: nextFireTimes(schedule, now, count).map((t) => new Date(t).toISOString()), matched: reading.matched };
  } catch (e) {
    if (isDomainError(e)) return { expect: { refused: e.code } };
    throw e;
  }
}

const normalized = (expect: Row["expect"]): Row["expect"] => (Array.isArray(expect) ? expect.map((iso: string) => new Date(iso).toISOString()) : expect);

function isRight(row: Row): boolean {
  const got = readRow(row);
  if (JSON.stringify(got.expect) !== JSON.stringify(normalized(row.expect))) return false;
  return row.matched === undefined || got.matched === row.matched;
}

describe("the phrase table", () => {
  it("has at least 150 rows, and at least 15 for each language but English", () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    for (const lang of ["zh-Hant", "zh-Hans", "ja", "es", "de"] as const) {
      expect(rows.filter((r) => r.lang === lang).length, lang).toBeGreaterThanOrEqual(15);
    }
  });

  it.each(rows.map((r) => [`[${r.lang}] ${r.text} (${r.timezone}, now ${r.now})`, r] as const))("reads %s", (_, row) => {
    const got = readRow(row);
    expect(got.expect).toEqual(normalized(row.expect));
    if (row.matched !== undefined) expect(got.matched).toBe(row.matched);
  });

  it("reports the share of the table read right per language", () => {
    const lines = LANGS.map((lang) => {
      const mine = rows.filter((r) => r.lang === lang);
      const right = mine.filter(isRight).length;
      const onPurpose = refusedOnPurpose.filter((r) => r.lang === lang).length;
      return `${lang.padEnd(8)} ${String(right).padStart(3)}/${String(mine.length).padEnd(3)} ${((100 * right) / mine.length).toFixed(1).padStart(5)}%   refused on purpose: ${onPurpose}`;
    });
    console.log(`Phrase table, read right per language:\n${lines.join("\n")}`);
    expect(rows.filter((r) => !isRight(r)).map((r) => `[${r.lang}] ${r.text}`)).toEqual([]);
  });
});

describe("phrases refused on purpose", () => {
  it.each(refusedOnPurpose.map((r) => [`[${r.lang}] ${r.text}: ${r.reason}`, r] as const))("refuses %s", (_, row) => {
    const got = readRow({ lang: row.lang, text: row.text, timezone: row.timezone, now: row.now, expect: [] });
    expect(got.expect).toEqual({ refused: row.code });
  });
});
