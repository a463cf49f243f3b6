import type { ErrorCode } from "../../../src/core/errors.js";
import type { Lang } from "../../../src/core/phrase/index.js";

/** The languages of the table; Chinese is split by script because users type one or the other. */
export type RowLang = Lang;

/**
 * What a phrase must read as: the next fire times as ISO UTC strings (the instant for a single
 * run, the next three for a repetition), "immediate", or a refusal with its error code.
 */
export type Expected = readonly string[] | "immediate" | { refused: ErrorCode };

export interface Row {
  lang: RowLang;
  text: string;
  timezone: string;
  /** ISO instant pinned as "now". */
  now: string;
  expect: Expected;
  /** The part of the text that must be reported as the schedule, when the row checks it. */
  matched?: string;
  defaultTime?: { hour: number; minute: number };
}

type Extra = Partial<Pick<Row, "timezone" | "now" | "matched" | "defaultTime">>;

/** A table for one language with a default zone and "now"; each row may override them. */
export function table(lang: RowLang, timezone: string, now: string) {
  const rows: Row[] = [];
  const add = (text: string, expect: Expected, extra: Extra) => rows.push({ lang, timezone, now, text, expect, ...extra });
  return {
    rows,
    fires: (text: string, expect: string[], extra: Extra = {}) => add(text, expect, extra),
    immediate: (text: string, extra: Extra = {}) => add(text, "immediate", extra),
    refuses: (text: string, code: ErrorCode, extra: Extra = {}) => add(text, { refused: code }, extra),
  };
}

/**
 * A phrase with a clear meaning that the reader refuses on purpose, because no schedule the
 * engine has can say it or because people read it two ways. Checked like any row: it must be
 * refused with `code`.
 */
export interface RefusedOnPurpose {
  lang: RowLang;
  text: string;
  timezone: string;
  now: string;
  code: ErrorCode;
  reason: string;
}
