import type { Found } from "./fragments.js";
import type { Grammar } from "./grammar.js";
import { refuse } from "./refusals.js";

/**
 * The coverage rule: a reading may leave out only words known to carry no schedule meaning.
 * Every fragment of the chosen cluster must have been read, and every word of the grammar's
 * lexicon of schedule-bearing words (weekday and month names, ordinals, "except", "every",
 * "until", "next month", counts, durations, clock times …) anywhere in the text must lie inside
 * a fragment that was read. Anything left over is refused, quoting it: a reading that drops
 * "except Wednesday" or "for two weeks" would create a task the user did not ask for.
 */
export function checkCoverage(grammar: Grammar, lowered: string, shown: string, cluster: readonly Found[], used: ReadonlySet<Found>): void {
  const words: string[] = [];
  for (const f of cluster) if (!used.has(f) && f.fragment.kind !== "noise") words.push(f.text.trim());
  const read = [...used];
  for (const m of lowered.matchAll(grammar.bearing)) {
    const start = m.index;
    const end = start + m[0].length;
    if (!read.some((f) => f.start <= start && end <= f.end)) words.push(shown.slice(start, end).trim());
  }
  const unique = [...new Set(words.filter((w) => w !== ""))];
  if (unique.length > 0) throw refuse.unusedWords(unique, grammar.examples);
}
