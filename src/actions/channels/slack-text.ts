/**
 * Slack's mrkdwn gives `&`, `<` and `>` control meaning: `<!channel>`, `<!here>` and
 * `<!subteam^…>` notify people, `<@U…>` mentions one, `<https://…|label>` disguises a link.
 * Slack's own rule (Formatting text → Escaping text) is to send exactly these three as
 * `&amp;`, `&lt;` and `&gt;`; every other character is literal. Digest text is written by feed
 * authors and models, so it is all escaped: no sequence in it can mention or link.
 */
export const escapeSlack = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Cut escaped text without leaving half an entity (`&am`) at the end. */
export const cutEscaped = (escaped: string, max: number): string => escaped.slice(0, max).replace(/&[a-z]{0,3}$/, "");
