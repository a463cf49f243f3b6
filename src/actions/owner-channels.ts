import type { ChannelTarget, OwnersConfig } from "./config.js";

/**
 * Who may deliver to which channel. Each owner has their own channels (`owners.<owner>.channels`),
 * plus the operator's (`actions.channels`) that they list in `shared_channels`. An operator
 * channel that no owner lists belongs to the operator: the configured `owner`, the local user
 * the service and stdio act as, so a single-user config written before owners had channels
 * keeps working unchanged. On the local service the operator also has the built-in `desktop`.
 * A name means one channel for each owner: a setup that gives one owner two channels of one
 * name is refused when the config is loaded, never resolved by a precedence rule.
 */

/** The built-in channel of the local service: a notification on the screen of the user it runs for. */
export const DESKTOP = "desktop";
export interface DesktopTarget {
  type: "desktop";
}
/** What an owner's channel name resolves to. */
export type OwnedTarget = ChannelTarget | DesktopTarget;

export interface ChannelDirectory {
  /** The channels `owner` may name in an action (`inbox` aside), by name; empty for an owner with none. */
  of(owner: string): ReadonlyMap<string, OwnedTarget>;
  /**
   * Where a failure alert of `owner`'s task goes: the task's own channels, the owner's
   * `alert_channels`, and `desktop` when they have it; only names the owner has, each once.
   */
  alertChannelsOf(owner: string, taskChannels: readonly string[]): string[];
  /** Every configured target of every owner (what redaction must know). */
  targets(): ChannelTarget[];
}

export interface DirectoryInput {
  /** `actions.channels`. */
  channels: Readonly<Record<string, ChannelTarget>>;
  owners: OwnersConfig;
  /** The operator's owner name; null when no owner acts as the operator (tests of one owner's view). */
  operator: string | null;
  /** Whether this process shows desktop notifications (the local service, embedded stdio). */
  desktop: boolean;
}

/** Every ambiguous or dangling part of the ownership config, as `path: message` lines; empty when sound. */
export function ownershipProblems(input: Omit<DirectoryInput, "desktop">): string[] {
  const problems: string[] = [];
  const sharedBy = new Set(Object.values(input.owners).flatMap((o) => o.shared_channels));
  for (const [owner, own] of Object.entries(input.owners)) {
    own.shared_channels.forEach((name, i) => {
      if (!Object.hasOwn(input.channels, name)) problems.push(`owners.${owner}.shared_channels.${i}: there is no channel "${name}" in actions.channels`);
    });
    for (const name of Object.keys(own.channels)) {
      const alsoShared = own.shared_channels.includes(name);
      const alsoOperators = owner === input.operator && Object.hasOwn(input.channels, name) && !sharedBy.has(name);
      if (alsoShared || alsoOperators) {
        const why = alsoShared ? `${owner} also shares actions.channels.${name}` : `${owner} is the operator (owner) and also has actions.channels.${name}`;
        problems.push(`owners.${owner}.channels.${name}: ambiguous, ${why}; a name must mean one channel for each owner, so rename one of them`);
      }
    }
    const has = new Set([...Object.keys(own.channels), ...own.shared_channels, DESKTOP, ...(owner === input.operator ? Object.keys(input.channels) : [])]);
    own.alert_channels.forEach((name, i) => {
      if (!has.has(name)) problems.push(`owners.${owner}.alert_channels.${i}: ${owner} has no channel "${name}"`);
    });
  }
  return problems;
}

export function channelDirectory(input: DirectoryInput): ChannelDirectory {
  const sharedBy = new Set(Object.values(input.owners).flatMap((o) => o.shared_channels));
  const operatorsOwn = Object.keys(input.channels).filter((name) => !sharedBy.has(name));
  const cache = new Map<string, ReadonlyMap<string, OwnedTarget>>();

  const build = (owner: string): Map<string, OwnedTarget> => {
    const settings = Object.hasOwn(input.owners, owner) ? input.owners[owner] : undefined;
    const out = new Map<string, OwnedTarget>();
    if (owner === input.operator) {
      for (const name of operatorsOwn) out.set(name, input.channels[name]!);
      if (input.desktop) out.set(DESKTOP, { type: "desktop" });
    }
    for (const name of settings?.shared_channels ?? []) if (Object.hasOwn(input.channels, name)) out.set(name, input.channels[name]!);
    for (const [name, target] of Object.entries(settings?.channels ?? {})) out.set(name, target);
    return out;
  };

  const of = (owner: string): ReadonlyMap<string, OwnedTarget> => {
    const found = cache.get(owner) ?? build(owner);
    cache.set(owner, found);
    return found;
  };

  return {
    of,
    alertChannelsOf(owner, taskChannels) {
      const has = of(owner);
      const extra = Object.hasOwn(input.owners, owner) ? input.owners[owner]!.alert_channels : [];
      return [...new Set([...taskChannels, ...extra, DESKTOP])].filter((name) => has.has(name));
    },
    targets: () => [...Object.values(input.channels), ...Object.values(input.owners).flatMap((o) => Object.values(o.channels))],
  };
}
