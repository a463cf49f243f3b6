/** How deep a request body may nest: JSON-RPC messages and dashboard bodies need a handful of levels. */
export const MAX_JSON_DEPTH = 64;

export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: string };

/**
 * Parses a request body, refusing one that nests deeper than `maxDepth`. JSON.parse itself
 * copes with any depth, but what reads the value afterwards (schema checks, walks, stringify)
 * recurses, and a 200,000-deep array overflows its stack: a 500 instead of a 400. So the depth
 * is measured first, in one pass that skips strings, without recursion.
 */
export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return { ok: false, problem: `nested deeper than ${maxDepth} levels` };
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, problem: e instanceof Error ? e.message : "not JSON" };
  }
}
