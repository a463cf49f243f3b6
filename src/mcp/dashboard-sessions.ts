import { createHash, randomBytes } from "node:crypto";
import { SCOPES } from "../core/scopes.js";
import type { TokenCheck, TokenVerifier } from "../ports/token-verifier.js";

export interface DashboardSessionOptions {
  now(): number;
  /** Verifies a token that is not a dashboard session. */
  next?: TokenVerifier;
  /** How long a ticket from `duely service open` may wait to be used. @default 120_000 */
  ticketTtlMs?: number;
  /** How long a dashboard page may act for the owner. @default 12 hours */
  sessionTtlMs?: number;
}

/** A ticket is asked for and used within moments; a session lasts a working day. */
const TICKET_TTL_MS = 120_000;
const SESSION_TTL_MS = 12 * 3_600_000;

const newSecret = () => randomBytes(32).toString("base64url");
const keyOf = (secret: string) => createHash("sha256").update(secret).digest("base64url");

/**
 * The local dashboard's sign-in, in memory (a restarted service forgets them: open it again).
 * Whoever holds the service's secret (the user, through `duely service open`) gets a one-time
 * ticket; the page trades it once for a session token, which acts as the owner on /mcp like
 * the secret, until it expires. Only hashes are kept, as keys.
 */
export class DashboardSessions implements TokenVerifier {
  private readonly tickets = new Map<string, { owner: string; until: number }>();
  private readonly sessions = new Map<string, { owner: string; until: number }>();
  private readonly opts: DashboardSessionOptions;

  constructor(opts: DashboardSessionOptions) {
    this.opts = opts;
  }

  issueTicket(owner: string): string {
    this.prune();
    const ticket = newSecret();
    this.tickets.set(keyOf(ticket), { owner, until: this.opts.now() + (this.opts.ticketTtlMs ?? TICKET_TTL_MS) });
    return ticket;
  }

  /** A session token for a ticket not yet used nor expired (it is used up now), else null. */
  redeem(ticket: string): string | null {
    const key = keyOf(ticket);
    const found = this.tickets.get(key);
    this.tickets.delete(key);
    if (!found || found.until <= this.opts.now()) return null;
    const token = newSecret();
    this.sessions.set(keyOf(token), { owner: found.owner, until: this.opts.now() + (this.opts.sessionTtlMs ?? SESSION_TTL_MS) });
    return token;
  }

  async verify(token: string): Promise<TokenCheck> {
    const session = this.sessions.get(keyOf(token));
    if (session && session.until > this.opts.now()) {
      return { ok: true, token: { owner: session.owner, scopes: SCOPES, clientId: "duely-dashboard", expiresAt: session.until } };
    }
    if (this.opts.next) return this.opts.next.verify(token);
    return { ok: false, refusal: session ? "expired" : "unknown_token", message: session ? "The dashboard session has expired." : "Unknown bearer token." };
  }

  private prune(): void {
    const now = this.opts.now();
    for (const map of [this.tickets, this.sessions]) for (const [key, entry] of map) if (entry.until <= now) map.delete(key);
  }
}
