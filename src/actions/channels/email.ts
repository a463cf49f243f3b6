import { createHash } from "node:crypto";
import { ActionFailure } from "../../ports/action.js";
import { assertTargetAllowed, RefusedAddressError } from "../address-guard.js";
import type { ChannelTarget } from "../config.js";
import { readSecret } from "../secrets.js";
import type { ChannelSender } from "./channel.js";

type EmailTarget = Extract<ChannelTarget, { type: "email" }>;

/** Same run, same Message-ID: a retried send is recognisable (and collapsible) as the same mail. */
const messageIdFor = (idempotencyKey: string) => `<${createHash("sha256").update(idempotencyKey).digest("hex")}@duely>`;

/** SMTP replies 4xx for "try again later" and 5xx for "never"; with no reply it was the connection. */
function smtpFailure(err: unknown, name: string): ActionFailure {
  if (err instanceof ActionFailure) return err;
  if (err instanceof RefusedAddressError) return new ActionFailure(`channel "${name}": ${err.message}`, { permanent: true });
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const status = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const permanent = status !== undefined ? status >= 500 : e.code === "EAUTH" || e.code === "EENVELOPE";
  const detail = [e.code, status].filter((x) => x !== undefined).join(" ");
  const message = typeof e.message === "string" ? e.message.slice(0, 200) : String(err);
  return new ActionFailure(`channel "${name}": SMTP ${detail ? `${detail}: ` : ""}${message}`, { permanent });
}

export const sendEmail: ChannelSender<EmailTarget> = async (name, target, { text, title, ctx }, deps) => {
  const { smtp } = target;
  const pass = smtp.pass_env === undefined ? undefined : readSecret(deps.env, smtp.pass_env, `channel "${name}"`);
  const timeout = deps.policy.timeout_ms;
  // Loaded by the first mail, not with the process: most never send one.
  const { default: nodemailer } = await import("nodemailer");
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user !== undefined && pass !== undefined && { auth: { user: smtp.user, pass } }),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  });
  // nodemailer takes no AbortSignal: closing the transport is how a stopped run stops the send.
  const stop = () => transport.close();
  ctx.signal.addEventListener("abort", stop, { once: true });
  try {
    await assertTargetAllowed({ hostname: smtp.host.toLowerCase(), port: smtp.port }, deps.policy);
    await transport.sendMail({
      from: target.from,
      to: target.to,
      subject: title,
      text,
      messageId: messageIdFor(ctx.idempotencyKey),
      headers: { "X-Duely-Idempotency-Key": ctx.idempotencyKey },
    });
  } catch (err) {
    if (ctx.signal.aborted) throw new ActionFailure(`channel "${name}": cancelled (the run was stopped)`, { permanent: false });
    throw smtpFailure(err, name);
  } finally {
    ctx.signal.removeEventListener("abort", stop);
    transport.close();
  }
};
