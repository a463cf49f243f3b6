import type { Found, Fragment } from "./fragments.js";

/**
 * A phrase may be a whole request ("Every day at 8am, summarize the evening news"). The
 * schedule is the run of fragments joined only by glue ("at", "on", "の", "a las", ","),
 * and of those runs the one that says the most about *when*; "evening" in "evening news"
 * is then never read as a part of the day.
 */
export interface Cluster {
  finds: Found[];
  start: number;
  end: number;
}

const WEIGHT: Record<Fragment["kind"], number> = {
  daily: 4,
  weekdays: 4,
  interval: 4,
  lastDayOfMonth: 4,
  nthWeekday: 4,
  relative: 4,
  clock: 3,
  date: 3,
  dayOffset: 3,
  monthAhead: 3,
  monthEnd: 3,
  monthDay: 2,
  monthDate: 2,
  weekdayName: 2,
  except: 2,
  exceptMonths: 2,
  immediate: 2,
  window: 3,
  minutePast: 2,
  duration: 2,
  count: 2,
  vague: 2,
  until: 1,
  start: 1,
  part: 1,
  zone: 1,
  noise: 0,
};

const score = (finds: Found[]) => finds.reduce((sum, f) => sum + WEIGHT[f.fragment.kind], 0);

export function clusterFinds(text: string, finds: Found[], glue: RegExp): Cluster[] {
  const clusters: Cluster[] = [];
  for (const found of [...finds].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const last = clusters.at(-1);
    if (last !== undefined && (found.start <= last.end || glue.test(text.slice(last.end, found.start)))) {
      last.finds.push(found);
      last.end = Math.max(last.end, found.end);
    } else {
      clusters.push({ finds: [found], start: found.start, end: found.end });
    }
  }
  return clusters;
}

/** What a cluster said only to bound the runs may hold: the bound, its end day, filler. */
const BOUND_KINDS = new Set<Fragment["kind"]>(["count", "duration", "until"]);
const END_DAY_KINDS = new Set<Fragment["kind"]>([
  "date",
  "monthDate",
  "monthDay",
  "monthAhead",
  "monthEnd",
  "lastDayOfMonth",
  "weekdayName",
  "dayOffset",
  "noise",
]);

/** A count, a duration, or an "until" with its day, and nothing else ("一共5次", "到3月20日為止"). */
function boundsOnly(c: Cluster): boolean {
  const kinds = c.finds.map((f) => f.fragment.kind);
  if (kinds.every((k) => k === "count" || k === "noise")) return kinds.includes("count");
  return kinds.some((k) => BOUND_KINDS.has(k)) && kinds.every((k) => BOUND_KINDS.has(k) || (kinds.includes("until") && END_DAY_KINDS.has(k)));
}

/** What narrows a repetition's runs without saying one: an exception, a window, filler. */
const NARROW_KINDS = new Set<Fragment["kind"]>(["except", "exceptMonths", "window", "noise"]);
/** The kinds that say a repetition, the only reading an exception or a window can narrow. */
const REPEAT_KINDS = new Set<Fragment["kind"]>(["daily", "weekdays", "interval", "lastDayOfMonth", "nthWeekday"]);

/** An exception or a window and nothing else ("禮拜六日除外", "早上九點到晚上六點"). */
function narrowsOnly(c: Cluster): boolean {
  const kinds = c.finds.map((f) => f.fragment.kind);
  return kinds.every((k) => NARROW_KINDS.has(k)) && kinds.some((k) => k !== "noise");
}

/**
 * The cluster that says most about when; the first one on a tie. The bounds said alone at the
 * end, right after it ("每天早上八点吃药，一共5次", "每天中午12點提醒我吃藥，到3月20日為止": the
 * task's words between), bound its runs, so they join it: nothing else in the phrase could be
 * counted or ended. So does an exception or a window said alone there after a repetition
 * ("每天早上六點半叫我起床，禮拜六日除外", "每小時提醒我喝水，早上九點到晚上六點"): nothing else
 * could be narrowed.
 */
export function bestCluster(clusters: Cluster[]): Cluster | null {
  let best: Cluster | null = null;
  for (const c of clusters) if (best === null || score(c.finds) > score(best.finds)) best = c;
  if (best === null) return null;
  const next = clusters[clusters.indexOf(best) + 1];
  if (next === undefined || next !== clusters.at(-1)) return best;
  const narrows = narrowsOnly(next) && best.finds.some((f) => REPEAT_KINDS.has(f.fragment.kind));
  if (!boundsOnly(next) && !narrows) return best;
  return { finds: [...best.finds, ...next.finds], start: best.start, end: next.end };
}

/** A glue test for Latin-script languages: only these words and punctuation ("@" for at, "&" for and), at most 4 words. */
export function latinGlue(words: readonly string[]): RegExp {
  const word = `(?:${words.join("|")})`;
  return new RegExp(String.raw`^[\s,;:()\-–—/+@&]*(?:${word}(?![\p{L}\p{N}])[\s,;:()\-–—/+@&]*){0,4}$`, "u");
}
