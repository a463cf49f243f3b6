export type Child = Node | string | null | undefined | false;
type Attr = string | boolean | ((e: Event) => void);

/**
 * A tiny element builder. Text goes in as text nodes only, never as HTML: task titles, run
 * results and error messages are user data.
 */
export function h(tag: string, attrs: Record<string, Attr> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, "");
    else if (value !== false) el.setAttribute(name, value);
  }
  for (const child of children) if (child) el.append(child);
  return el;
}
