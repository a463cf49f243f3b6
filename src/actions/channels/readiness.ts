import type { OwnedTarget } from "../owner-channels.js";
import type { ChannelDeps } from "./channel.js";

/**
 * Why `target` cannot deliver anything from this process, with the fix; null when it may.
 * Only what is certain before sending counts: a missing notifier program, a secret the config
 * names but the environment lacks. A server that is down or refuses is a run's failure, not this.
 */
export function undeliverable(target: OwnedTarget, deps: ChannelDeps): { why: string; fix: string } | null {
  switch (target.type) {
    case "desktop": {
      if (!deps.desktop) return { why: "this process shows no desktop notifications", fix: "Use duely serve or duely service run on your desktop." };
      const why = deps.desktop.unavailable();
      return why === null ? null : { why, fix: "Install what it names, then restart the service (duely service stop; the next request starts it again)." };
    }
    case "webhook":
      return missingEnv(target.secret_env, "its signing secret", deps);
    case "email":
      return target.smtp.pass_env === undefined ? null : missingEnv(target.smtp.pass_env, "its SMTP password", deps);
    case "slack":
    case "ntfy":
      return null;
    default:
      return target satisfies never;
  }
}

function missingEnv(name: string, what: string, deps: ChannelDeps): { why: string; fix: string } | null {
  const value = deps.env[name];
  if (value !== undefined && value !== "") return null;
  return {
    why: `the environment variable ${name} (${what}) is not set for the duely service`,
    fix: `Set ${name} where the service starts (duely service install --env ${name}, or the shell that runs it), then restart it.`,
  };
}
