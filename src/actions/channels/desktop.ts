import { ActionFailure } from "../../ports/action.js";
import type { DesktopTarget } from "../owner-channels.js";
import type { ChannelSender } from "./channel.js";

/** A notification shows a few lines; the whole text stays in the run's result (task_results_v1). */
const BODY_LINES = 4;
const BODY_MAX_CHARS = 300;

/** The first non-empty lines of `text`, cut to what a notification shows. */
export function firstLines(text: string): string {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const head = lines.slice(0, BODY_LINES).join("\n");
  const cut = head.length > BODY_MAX_CHARS ? `${head.slice(0, BODY_MAX_CHARS - 1)}…` : head;
  return lines.length > BODY_LINES && cut === head ? `${head}\n…` : cut;
}

/** The task's title as the heading, the first lines of the result as the text. */
export const sendDesktop: ChannelSender<DesktopTarget> = async (name, _target, { text, ctx }, deps) => {
  if (!deps.desktop) {
    throw new ActionFailure(`channel "${name}": desktop notifications are shown by the local service only (duely serve or duely service run)`, {
      permanent: true,
    });
  }
  await deps.desktop.notify({ title: ctx.taskTitle, body: firstLines(text) || "(no text)" });
};
