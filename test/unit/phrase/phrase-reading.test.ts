import { afterEach, describe, expect, it } from "vitest";
import { DomainError } from "../../../src/core/errors.js";
import { type PhraseOptions, parsePhrase } from "../../../src/core/phrase/index.js";

const NY = "America/New_York";
/** Thursday 5 March 2026, 10:07:30 in New York. */
const NOW = Date.parse("2026-03-05T15:07:30Z");
const opts = (more: Partial<PhraseOptions> = {}): PhraseOptions => ({ timezone: NY, now: NOW, ...more });

function refusal(text: string, options: PhraseOptions = opts()): DomainError {
  try {
    parsePhrase(text, options);
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error(`expected '${text}' to be refused`);
}

describe("parsePhrase", () => {
  it("reports the part of a request it read as the schedule", () => {
    expect(parsePhrase("Please check the server every 15 minutes and tell me if it is down", opts()).matched).toBe("every 15 minutes");
    expect(parsePhrase("請每週一三五早上9點提醒我開會", opts({ timezone: "Asia/Taipei" })).matched).toBe("每週一三五早上9點");
  });

  it("does not read 'evening' in 'the evening news' as a part of the day", () => {
    const { schedule } = parsePhrase("Every day at 8, send me the evening news", opts());
    expect(schedule).toMatchObject({ kind: "cron", expr: "0 8 * * *" });
  });

  it("says how it read what it had to decide", () => {
    expect(parsePhrase("tonight", opts()).notes).toContain("read 'tonight' as 20:00");
    expect(parsePhrase("at 9am London time", opts()).notes).toContain("read 'London time' as Europe/London");
    expect(parsePhrase("every day at 7:30", opts()).notes.join()).toMatch(/read 'at 7:30' as 07:30 \(24-hour clock/);
    expect(parsePhrase("every morning", opts({ defaultTime: { hour: 8, minute: 0 } })).notes).toContain("no time given: used the default time 08:00");
  });

  it("notes a one-off time that falls in a DST gap or overlap", () => {
    const gap = parsePhrase("tomorrow at 2:30am", opts({ now: Date.parse("2026-03-07T12:00:00Z") }));
    expect(gap.schedule).toEqual({ kind: "once", at: Date.parse("2026-03-08T07:00:00Z"), timezone: NY });
    expect(gap.notes.join()).toMatch(/2026-03-08 02:30 does not exist in America\/New_York/);
    const overlap = parsePhrase("tomorrow at 1:30am", opts({ now: Date.parse("2026-10-31T12:00:00Z") }));
    expect(overlap.notes.join()).toMatch(/happens twice .* using the first/);
  });

  it("keeps the zone the phrase names in the schedule", () => {
    expect(parsePhrase("every weekday at 9am Tokyo time", opts()).schedule).toMatchObject({ kind: "cron", timezone: "Asia/Tokyo" });
    expect(parsePhrase("毎日9時", opts({ timezone: "Asia/Tokyo" })).schedule).toMatchObject({ timezone: "Asia/Tokyo" });
  });

  it("anchors 'every N minutes' on the clock when N divides the hour, else N minutes from now", () => {
    expect(parsePhrase("every 20 minutes", opts()).schedule).toMatchObject({
      kind: "every",
      every: 20,
      unit: "minute",
      anchor: Date.parse("2026-03-05T15:20:00Z"),
    });
    expect(parsePhrase("every 7 minutes", opts()).schedule).toMatchObject({ anchor: Date.parse("2026-03-05T15:14:00Z") });
  });

  it("refuses a vague phrase with what is missing and a question to ask, in the user's language", () => {
    const e = refusal("每天早上", opts({ timezone: "Asia/Taipei" }));
    expect(e.code).toBe("ambiguous_schedule");
    expect(e.field).toBe("when");
    expect(e.expected).toMatch(/clock time/);
    expect(e.hint).toMatch(/每天早上8點/);
    expect(refusal("every morning").hint).toBe(`Ask the user: "What time every morning?" e.g. 'every day at 8am'.`);
  });

  it("reads the last day and the n-th weekday of the month as cron L and #", () => {
    expect(parsePhrase("on the last day of the month at 9", opts()).schedule).toMatchObject({ kind: "cron", expr: "0 9 L * *" });
    expect(parsePhrase("the last Friday of every month at 4pm", opts()).schedule).toMatchObject({ kind: "cron", expr: "0 16 * * 5L" });
    expect(parsePhrase("every first Monday of the month at 9am", opts()).schedule).toMatchObject({ kind: "cron", expr: "0 9 * * 1#1" });
  });

  it("asks whether a day 29-31 every month skips the short months or moves to their last day", () => {
    const e = refusal("on the 31st of every month at 9am");
    expect(e.code).toBe("ambiguous_schedule");
    expect(e.hint).toMatch(/skip them or run on the last day/);
  });

  it("refuses a first run beyond the horizon it is given", () => {
    expect(refusal("in 3 days at 9am", opts({ horizonMs: 86_400_000 })).code).toBe("beyond_horizon");
  });

  it("refuses an unknown zone option before reading anything", () => {
    const e = refusal("every day at 8am", opts({ timezone: "Mars/Olympus" }));
    expect(e.code).toBe("unknown_timezone");
    expect(e.field).toBe("timezone");
  });

  it("refuses a zone abbreviation as the zone option, as a stored schedule does, even when the phrase names its own zone", () => {
    for (const text of ["every day at 8am", "at 9am London time", "now"]) {
      expect(refusal(text, opts({ timezone: "EST" }))).toMatchObject({ code: "unknown_timezone", field: "timezone" });
    }
    // In the phrase itself an abbreviation names the zone people mean, which follows DST.
    expect(parsePhrase("every day at 9am EST", opts({ timezone: "Asia/Tokyo" })).schedule).toMatchObject({ timezone: NY });
  });

  it("reads 'in N days' without a time as the same wall-clock time, resolved like any other wall time", () => {
    const plain = parsePhrase("in 3 days", opts());
    expect(plain.schedule).toEqual({ kind: "once", at: Date.parse("2026-03-08T14:07:30Z"), timezone: NY });
    // Said at 02:30:10 EST, three days on is 02:30 on the spring-forward day: the transition.
    const gap = parsePhrase("in 3 days", opts({ now: Date.parse("2026-03-05T07:30:10Z") }));
    expect(gap.schedule).toEqual({ kind: "once", at: Date.parse("2026-03-08T07:00:00Z"), timezone: NY });
    expect(gap.notes.join()).toMatch(/2026-03-08 02:30 does not exist in America\/New_York/);
    // Said in winter (EST), 01:30 on the fall-back day is still its first pass (EDT).
    const overlap = parsePhrase("in 245 days", opts({ now: Date.parse("2026-03-01T06:30:00Z") }));
    expect(overlap.schedule).toEqual({ kind: "once", at: Date.parse("2026-11-01T05:30:00Z"), timezone: NY });
    expect(parsePhrase("in 1 month", opts({ now: Date.parse("2026-01-31T15:07:30Z") })).schedule).toMatchObject({ at: Date.parse("2026-02-28T15:07:30Z") });
  });

  it("refuses two different zones", () => {
    expect(refusal("at 9am London time EST").code).toBe("ambiguous_schedule");
  });
});

describe("parsePhrase on hosts in other time zones", () => {
  const hostZone = process.env.TZ;
  afterEach(() => {
    if (hostZone === undefined) delete process.env.TZ;
    else process.env.TZ = hostZone;
  });

  // chrono's zh and ja parsers read the reference date with the host's local getters.
  it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Tokyo", "America/Los_Angeles"])("reads the same on a host in %s", (host) => {
    const late = { timezone: NY, now: Date.parse("2026-03-05T03:30:00Z") }; // 22:30 on 4 March in New York
    const phrases = ["明天早上9點", "明天早上9点", "明日の9時", "tomorrow at 9am", "morgen um 9 Uhr", "mañana a las 9", "下週五中午", "Friday at 3pm"];
    process.env.TZ = "UTC";
    const onUtc = phrases.map((p) => parsePhrase(p, late).schedule);
    process.env.TZ = host;
    expect(phrases.map((p) => parsePhrase(p, late).schedule)).toEqual(onUtc);
    expect(onUtc[0]).toEqual({ kind: "once", at: Date.parse("2026-03-05T14:00:00Z"), timezone: NY });
  });
});
