import type { z } from "zod";

/**
 * Text a person wrote for people (a title, a reminder, a prompt) is stored and sent on as it
 * is: to webhooks, notifiers, e-mail, the dashboard. Characters that change how other text
 * shows, or that no receiver can encode, are refused at the boundary rather than neutralised,
 * so what is stored is exactly what was sent and the caller learns which character to drop:
 * - control characters (C0, DEL, C1): NUL ends strings in C receivers, ESC drives terminals;
 *   a line break and a tab are allowed where the text may have lines;
 * - unpaired surrogates: not Unicode; UTF-8 encoders replace them with U+FFFD or throw;
 * - bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they
 *   reorder what follows (a "Trojan Source" title can read as something else). The marks
 *   U+200E and U+200F, which only nudge neutral characters, are allowed.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
const LINE_BREAKS = /[\t\n\r]/u;
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;

export interface TextProblem {
  message: string;
  expected: string;
}

const hex = (unit: number) => `U+${unit.toString(16).toUpperCase().padStart(4, "0")}`;

/** What is wrong with `text` as plain text (one line unless `lines`), or null. Positions count from 1. */
export function plainTextProblem(text: string, opts: { lines: boolean }): TextProblem | null {
  const expected = opts.lines
    ? "plain text: no control characters other than line breaks and tabs, no unpaired surrogates, no bidirectional overrides"
    : "plain text on one line: no control characters or line breaks, no unpaired surrogates, no bidirectional overrides";
  const checks: [RegExp, string][] = [
    [CONTROL, "a control character"],
    ...(opts.lines ? [] : ([[LINE_BREAKS, "a line break or tab"]] as [RegExp, string][])),
    [LONE_SURROGATE, "an unpaired surrogate (not a Unicode character)"],
    [BIDI_CONTROL, "a bidirectional override, which reorders the text around it"],
  ];
  let first: { index: number; what: string } | null = null;
  for (const [re, what] of checks) {
    const m = re.exec(text);
    if (m && (first === null || m.index < first.index)) first = { index: m.index, what };
  }
  if (first === null) return null;
  return { message: `contains ${first.what}, ${hex(text.charCodeAt(first.index))} at character ${first.index + 1}; remove it`, expected };
}

/** `schema` refusing what plainTextProblem finds, with the problem as the message and the expected form. */
export function plainText<T extends z.ZodString>(schema: T, opts: { lines: boolean }): T {
  return schema.superRefine((value, ctx) => {
    const problem = plainTextProblem(value, opts);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, params: { expected: problem.expected } });
  }) as T;
}
