import { formatClock } from "./format.js";
import type { Found, Fragment, PartOfDay } from "./fragments.js";
import { refuse } from "./refusals.js";

export interface TimeOfDay {
  hour: number;
  minute: number;
}

type Clock = Extract<Fragment, { kind: "clock" }>;

/**
 * Hours a time must fall in to stand for a part of the day: a default time for "every morning",
 * a run for "nightly" said outside the reading (coverage.ts).
 */
export const PART_HOURS: Record<PartOfDay, (hour: number) => boolean> = {
  early: (h) => h < 6,
  morning: (h) => h >= 5 && h < 12,
  noon: (h) => h >= 11 && h < 14,
  afternoon: (h) => h >= 12 && h < 18,
  evening: (h) => h >= 17 && h < 23,
  night: (h) => h >= 19 || h < 5,
};

/**
 * The 24-hour reading of a clock fragment under a part of the day: "8" + evening = 20:00,
 * "2" + night = 02:00 ("凌晨/夜中/de la noche" after midnight), "1" + noon = 13:00 (中午1點).
 */
export function clockToTime(found: Found, clockFragment: Clock, part: PartOfDay | null, notes: string[]): TimeOfDay {
  const { hour: h, minute, meridiem, exact } = clockFragment;
  if (exact !== undefined) return { hour: h, minute };
  if (minute > 59 || h > 24 || (h === 24 && minute > 0)) throw refuse.badClock(found.text.trim());
  if (h === 24) return { hour: 0, minute };
  if (meridiem !== null) {
    // 0–12 either way: "午後0時" is noon, "午前0時" midnight.
    if (h > 12) throw refuse.badClock(found.text.trim());
    return { hour: (h % 12) + (meridiem === "pm" ? 12 : 0), minute };
  }
  if (h > 12 || part === null) {
    if (h >= 1 && h <= 11 && part === null) {
      notes.push(`read '${found.text.trim()}' as ${formatClock(h, minute)} (24-hour clock; say pm or evening for ${formatClock(h + 12, minute)})`);
    }
    return { hour: h, minute };
  }
  return { hour: shiftByPart(h, part), minute };
}

function shiftByPart(h: number, part: PartOfDay): number {
  switch (part) {
    case "early":
      // 凌晨/深夜/de la madrugada: the small hours; "深夜11點" is still the night before.
      return h === 12 ? 0 : h >= 9 ? h + 12 : h;
    case "morning":
      return h;
    case "noon":
      return h >= 11 ? h : h + 12;
    case "afternoon":
      return h === 12 ? 12 : h + 12;
    case "evening":
      return h === 12 ? 0 : h + 12;
    case "night":
      return h === 12 ? 0 : h >= 6 ? h + 12 : h;
  }
}

/**
 * The part of the day right next to a clock: it belongs to that clock ("早上8點和晚上8點", "at 8 in
 * the morning and 8 in the evening"); otherwise the phrase's one part of the day applies.
 */
const ownPart = (text: string, parts: Found[], found: Found): Found | undefined =>
  parts.find((p) => /^\s*$/u.test(text.slice(Math.min(p.end, found.end), Math.max(p.start, found.start))));

/** Another clock with the same hour and minute that has a part of the day of its own. */
function hasTwinWithPart(ctx: TimeContext, found: Found): boolean {
  const { hour, minute } = found.fragment as Clock;
  return ctx.clocks.some((other) => {
    const c = other.fragment as Clock;
    return other !== found && c.hour === hour && c.minute === minute && ownPart(ctx.text, ctx.parts, other) !== undefined;
  });
}

/**
 * Twelve said at night ("a las 12 de la noche", "晚上12點", "raat 12 baje"): people mean midnight
 * by it, as by the word, so it is read under the same rules (the end of "tonight", asked on a
 * named day). Only when the part of the day is the clock's own or the phrase's only one.
 */
export function saysNightTwelve(text: string, clocks: Found[], parts: Found[]): boolean {
  const named = [...new Set(parts.map((p) => (p.fragment.kind === "part" ? p.fragment.part : null)))];
  return clocks.some((found) => {
    const c = found.fragment as Clock;
    if (c.hour !== 12 || c.minute !== 0 || c.meridiem !== null || c.exact !== undefined) return false;
    const own = ownPart(text, parts, found);
    const part = own?.fragment.kind === "part" ? own.fragment.part : named.length === 1 ? named[0] : null;
    return part === "evening" || part === "night" || part === "early";
  });
}

/** A clock said with neither am/pm nor a part of the day, that the 12-hour clock could shift. */
const isBare = (c: Clock): boolean => c.meridiem === null && c.exact === undefined && c.hour >= 1 && c.hour < 12;

/**
 * A bare hour from 1 to 6 ("at 2", "兩點", "a las 4", "um halb 3", "half past 3") is as often the
 * afternoon as the small hours, so it is asked rather than read on the 24-hour clock; from 7 to
 * 12 the 24-hour reading is what people mean often enough to keep, with a note. A time written
 * the way clocks show it ("2:30", "6h30", "02:00") is read on the 24-hour clock as it was: that
 * is how alarms ("wake me at 6:30") and the languages that write 24-hour times say it.
 */
const isNightOrDay = (found: Found, c: Clock): boolean => isBare(c) && c.hour <= 6 && !/\d\s*[:.h]\s*\d\d|(?<!\d)0[1-6](?!\d)/u.test(found.text);

/** A clock past 12 said without am/pm ("at 6, 12 and 18"): the phrase is on the 24-hour clock. */
const saysTwentyFour = (clocks: Found[]): boolean =>
  clocks.some((f) => f.fragment.kind === "clock" && f.fragment.meridiem === null && f.fragment.exact === undefined && f.fragment.hour > 12);

export interface TimeContext {
  /** The text the fragments were found in, to tell a part of the day next to a clock. */
  text: string;
  clocks: Found[];
  /** Part-of-day fragments ("下午", "in the evening", "abends"). */
  parts: Found[];
  /** Parts of the day said by a repetition ("every morning", "毎朝"): they apply to every clock. */
  dailyParts: PartOfDay[];
  /** "tonight" without a clock time reads as 20:00 (one-off phrases only). */
  tonight: boolean;
  defaultTime: TimeOfDay | null;
  notes: string[];
  /** Clocks read here that could be night or day (`isNightOrDay`): the phrase is asked unless a reader settles them. */
  nightOrDay: Found[];
}

/**
 * The times of day the phrase asks for: one per clock reading, or the part of the day's own
 * time (noon, tonight), or the configured default when it fits the part of the day; [] when
 * the time is left open (the caller refuses with a question fitting its context).
 */
export function readTimes(ctx: TimeContext): TimeOfDay[] {
  const partOf = (f: Found) => (f.fragment.kind === "part" ? [f.fragment.part] : []);
  const all = [...new Set([...ctx.parts.flatMap(partOf), ...ctx.dailyParts])];
  const shared = (): PartOfDay | null => {
    if (all.length > 1) throw refuse.conflicting(`two parts of the day (${all.join(", ")})`);
    return all[0] ?? null;
  };
  if (ctx.clocks.length > 0) {
    const twentyFour = saysTwentyFour(ctx.clocks);
    let previous: TimeOfDay | null = null;
    return [...ctx.clocks]
      .sort((a, b) => a.start - b.start)
      .map((found) => {
        const own = ownPart(ctx.text, ctx.parts, found);
        const clock = found.fragment as Clock;
        // Noon and midnight ("中午12点") take no part of the day from the rest of the phrase, nor
        // does a clock whose twin has that part as its own ("a las 9 y a las 9 de la noche": two
        // runs, not one at 21:00 said twice).
        const part =
          own !== undefined ? (partOf(own)[0] ?? null) : clock.exact === "noon" || clock.exact === "midnight" || hasTwinWithPart(ctx, found) ? null : shared();
        // "at 8, 12 and 6": a bare hour in a list that would come before the one said first is later in the day,
        // unless the phrase is on the 24-hour clock or twelve hours on would not come after it either: "a las 20
        // y a las 8" and "at 17:45 and 8:15" are 08:00 and 08:15, as in the other order (they were read as
        // 20:00 twice, one run where "dos veces al día" said two, and as 20:15).
        const before = previous === null ? null : previous.hour * 60 + previous.minute;
        const at = clock.hour * 60 + clock.minute;
        const later = before !== null && part === null && !twentyFour && isBare(clock) && at <= before && at + 12 * 60 > before;
        const time = later ? { hour: clock.hour + 12, minute: clock.minute } : clockToTime(found, clock, part, ctx.notes);
        if (!later && part === null && !twentyFour && isNightOrDay(found, clock)) ctx.nightOrDay.push(found);
        if (later) ctx.notes.push(`read '${found.text.trim()}' as ${formatClock(time.hour, time.minute)}, after the time said before it`);
        previous = time;
        return time;
      });
  }
  const part = shared();
  if (part === "noon") {
    ctx.notes.push("read 'noon' as 12:00");
    return [{ hour: 12, minute: 0 }];
  }
  if (ctx.tonight) {
    ctx.notes.push("read 'tonight' as 20:00");
    return [{ hour: 20, minute: 0 }];
  }
  const fallback = ctx.defaultTime;
  if (fallback !== null && (part === null || PART_HOURS[part](fallback.hour))) {
    ctx.notes.push(`no time given: used the default time ${formatClock(fallback.hour, fallback.minute)}`);
    return [fallback];
  }
  return [];
}
