/**
 * User text as the page shows it: titles, results and errors may hold characters that render as
 * nothing, as a box, or that reorder the text around them (a NUL, a direction override, half of
 * a surrogate pair, the replacement characters a store wrote for one). Each is shown as its
 * escape in a marked chip (`\u0000`), never applied; everything else is left as it is.
 */

/**
 * C0 and C1 controls but tab and newline, the bidirectional controls, the byte-order mark, a
 * lone surrogate (with the `u` flag a valid pair is one code point, outside this range), and a
 * run of replacement characters.
 */
const UNSEEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]|[\uD800-\uDFFF]|\uFFFD+/gu;

const hex = (c: string) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");

function describe(c: string): { code: string; why: string } {
  const n = c.charCodeAt(0);
  if (n === 0xfffd) return { code: "\\uFFFD", why: "characters that could not be read (invalid Unicode, replaced where stored)" };
  const code = `\\u${hex(c)}`;
  if (n >= 0xd800 && n <= 0xdfff) return { code, why: `U+${hex(c)}: half of a character (invalid Unicode)` };
  if (n === 0x061c || n === 0x200e || n === 0x200f || (n >= 0x202a && n <= 0x202e) || (n >= 0x2066 && n <= 0x2069))
    return { code, why: `U+${hex(c)}: a text direction control, not applied` };
  return { code, why: `U+${hex(c)}: an invisible control character` };
}

/** The text with each unseen character written as its escape: for attributes (title, aria-label). */
export function escaped(text: string): string {
  return text.replace(UNSEEN, (m) => describe(m).code);
}

/** The text as nodes: plain text, and a chip for each unseen character (or run of replacement characters). */
export function textNodes(text: string): Node[] {
  const out: Node[] = [];
  let from = 0;
  for (const m of text.matchAll(UNSEEN)) {
    if (m.index > from) out.push(document.createTextNode(text.slice(from, m.index)));
    const { code, why } = describe(m[0]);
    const chip = document.createElement("span");
    chip.className = "esc";
    chip.title = why;
    chip.textContent = code;
    out.push(chip);
    from = m.index + m[0].length;
  }
  if (from < text.length || out.length === 0) out.push(document.createTextNode(text.slice(from)));
  return out;
}
