const UNITS = [
  ["d", 86_400_000],
  ["h", 3_600_000],
  ["min", 60_000],
  ["s", 1_000],
] as const;

/**
 * A duration for people and logs, in its two largest units, rounded down: "9 h 58 min",
 * "2 d 3 h", "45 s". Below a second: "0 s".
 */
export function formatDuration(ms: number): string {
  let rest = Math.max(0, Math.floor(ms));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || parts.length > 0) parts.push(`${n} ${unit}`);
    if (parts.length === 2) break;
  }
  const shown = parts.filter((p, i) => i === 0 || !p.startsWith("0 "));
  return shown.length > 0 ? shown.join(" ") : "0 s";
}
