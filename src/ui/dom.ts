import { escaped, textNodes } from "./text.js";

export type Child = Node | string | null | undefined | false;
type Attr = string | boolean | ((e: Event) => void);

/**
 * A tiny element builder. Text goes in as text nodes only, never as HTML: task titles, run
 * results and error messages are user data. Characters that would render as nothing or reorder
 * the page (controls, direction overrides, broken Unicode) are shown as escapes (text.ts), in
 * text and in attributes alike.
 */
export function h(tag: string, attrs: Record<string, Attr> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, "");
    else if (value !== false) el.setAttribute(name, escaped(value));
  }
  for (const child of children) {
    if (typeof child === "string") el.append(...textNodes(child));
    else if (child) el.append(child);
  }
  return el;
}
