import type { ActionContext, AlertOutcome, OwnerAlert } from "../ports/action.js";
import type { ChannelDeps } from "./channels/channel.js";
import { INBOX, sendEach } from "./notify.js";
import type { ChannelDirectory } from "./owner-channels.js";
import { redact } from "./secrets.js";

export interface AlertDeps {
  directory: ChannelDirectory;
  channelDeps: ChannelDeps;
  secrets: readonly string[];
  signal: AbortSignal;
  now(): number;
}

/**
 * Sends an alert to the channels the directory names for it (the task's own, the owner's
 * alert channels, `desktop`), once each: an alert is not a run, so nothing retries it, and a
 * channel that fails is reported, not thrown. Its text is scrubbed like a run's.
 */
export async function sendAlert(alert: OwnerAlert, deps: AlertDeps): Promise<AlertOutcome> {
  const owned = deps.directory.of(alert.owner);
  const names = deps.directory.alertChannelsOf(
    alert.owner,
    alert.taskChannels.filter((n) => n !== INBOX),
  );
  const title = redact(alert.title, deps.secrets);
  const text = redact(alert.text, deps.secrets);
  const ctx: ActionContext = {
    jobId: alert.jobId,
    // A desktop notification's heading is the context's title: the alert's, not the task's.
    taskTitle: title,
    owner: alert.owner,
    scheduledAt: alert.scheduledAt,
    idempotencyKey: alert.idempotencyKey,
    attempt: 1,
    signal: deps.signal,
    heartbeat: () => {},
    checkpoint: { get: () => undefined, save: async () => {} },
    previousSuccessAt: null,
    now: deps.now,
  };
  const channels = names.map((name) => ({ name, target: owned.get(name)! }));
  const { sent, failures } = await sendEach(channels, { text, title, data: { alert: "failing", task_title: alert.taskTitle }, ctx }, deps.channelDeps);
  return { delivered: sent, failed: failures.map((f) => redact(f.text, deps.secrets)) };
}
