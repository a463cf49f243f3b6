import fc from "fast-check";

/** Generators of valid five-field expressions for the property tests. */

interface Range {
  min: number;
  max: number;
  maxStep: number;
  names?: readonly string[];
  nameBase?: number;
}

const MINUTE: Range = { min: 0, max: 59, maxStep: 59 };
const HOUR: Range = { min: 0, max: 23, maxStep: 23 };
const DOM: Range = { min: 1, max: 31, maxStep: 30 };
const MONTH: Range = { min: 1, max: 12, maxStep: 11, names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"], nameBase: 1 };
const DOW: Range = { min: 0, max: 7, maxStep: 6, names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"], nameBase: 0 };

const value = (r: Range): fc.Arbitrary<string> =>
  r.names === undefined
    ? fc.integer({ min: r.min, max: r.max }).map(String)
    : fc.oneof(
        fc.integer({ min: r.min, max: r.max }).map(String),
        fc.integer({ min: 0, max: r.names.length - 1 }).map((i) => r.names?.[i] ?? ""),
      );

const numeric = (text: string, r: Range): number => {
  const i = r.names?.indexOf(text) ?? -1;
  return i >= 0 ? i + (r.nameBase ?? 0) : Number(text);
};

const range = (r: Range): fc.Arbitrary<string> =>
  fc
    .tuple(value(r), value(r))
    .map(([a, b]) => (numeric(a, r) <= numeric(b, r) ? `${a}-${b}` : `${b}-${a}`))
    .filter((s) => !/^[A-Z]+-0$|^0-[A-Z]+$/.test(s));

const step = (r: Range): fc.Arbitrary<number> => fc.integer({ min: 1, max: r.maxStep });

const field = (r: Range, starWeight: number): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constant("*"), weight: starWeight },
    { arbitrary: step(r).map((s) => `*/${s}`), weight: 2 },
    { arbitrary: value(r), weight: 2 },
    { arbitrary: range(r), weight: 1 },
    { arbitrary: fc.tuple(range(r), step(r)).map(([a, s]) => `${a}/${s}`), weight: 1 },
    { arbitrary: fc.array(value(r), { minLength: 2, maxLength: 3 }).map((xs) => xs.join(",")), weight: 1 },
  );

/** Day and month fields lean towards `*` so that most expressions fire often enough to test. */
export const cronExpression: fc.Arbitrary<string> = fc
  .tuple(field(MINUTE, 2), field(HOUR, 3), field(DOM, 8), field(MONTH, 10), field(DOW, 6))
  .map((fields) => fields.join(" "));

export const ZONES = [
  "America/New_York",
  "Europe/London",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "America/Santiago",
  "Pacific/Chatham",
  "America/St_Johns",
  "Asia/Kolkata",
  "Europe/Dublin",
  "Africa/Casablanca",
  "UTC",
] as const;
