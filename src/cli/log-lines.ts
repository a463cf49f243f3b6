/** Keys every log line has (src/adapters/log/pino-logger.ts); the rest are the event's fields. */
const OWN_KEYS = new Set(["level", "t", "pid", "message"]);

const value = (v: unknown): string => {
  if (typeof v === "string") return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  return JSON.stringify(v) ?? String(v);
};

/**
 * One JSON log line as a person reads it: `2026-03-02 08:00:01Z info  duely service running
 * url=http://127.0.0.1:40123/mcp version=0.1.0`, fields as key=value (quoted when they hold
 * spaces), the pid only when it differs from `pidShown` (then the line is another process's).
 * A line that is not one of ours (a crash's stack trace) is returned as it is.
 */
export function readableLogLine(line: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return line;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return line;
  const o = parsed as Record<string, unknown>;
  if (typeof o.message !== "string" || typeof o.level !== "string") return line;
  const t = typeof o.t === "string" ? o.t.replace("T", " ").replace(/\.\d+Z$/, "Z") : "";
  const fields = Object.entries(o)
    .filter(([k]) => !OWN_KEYS.has(k))
    .map(([k, v]) => `${k}=${value(v)}`);
  return [t, o.level.padEnd(5), `[${String(o.pid ?? "?")}]`, o.message, ...fields].filter((p) => p !== "").join(" ");
}

/** Every complete line of `text` made readable; `rest` is a last line still being written. */
export function readableLines(text: string): { lines: string; rest: string } {
  const cut = text.lastIndexOf("\n");
  if (cut === -1) return { lines: "", rest: text };
  const lines = text
    .slice(0, cut)
    .split("\n")
    .map(readableLogLine)
    .map((l) => `${l}\n`)
    .join("");
  return { lines, rest: text.slice(cut + 1) };
}
