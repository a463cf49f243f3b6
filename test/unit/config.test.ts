import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, resolveConfig } from "../../src/config.js";
import { isValidTimeZone } from "../../src/core/schedule/index.js";

function withFile(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), "duely-config-")), "duely.json");
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("config", () => {
  it("gives a newcomer a working default: SQLite in the XDG data dir, the machine's zone, the local user", () => {
    const c = loadConfig({ XDG_DATA_HOME: "/data" });
    expect(c.store).toEqual({ kind: "sqlite", path: "/data/duely/duely.db" });
    expect(c.queue).toEqual({ kind: "local" });
    expect(c.engine.shard_count).toBe(16);
    expect(c.owner).toEqual(expect.any(String));
    expect(c.timezone).toEqual(expect.any(String));
  });

  it("resolves what the file leaves out into plain strings: the SQLite path, the owner and the zone", () => {
    const c = loadConfig({ XDG_DATA_HOME: "/data" }, withFile({ store: { kind: "sqlite" } }));
    // Typed as strings, not optional: a caller needs no fallback of its own.
    const resolved: { path: string; owner: string; timezone: string } = {
      path: c.store.kind === "sqlite" ? c.store.path : "not sqlite",
      owner: c.owner,
      timezone: c.timezone,
    };
    expect(resolved.path).toBe("/data/duely/duely.db");
    expect(resolved.owner).not.toBe("");
    expect(isValidTimeZone(resolved.timezone)).toBe(true);
  });

  it("takes DUELY_DB, DUELY_TZ and DUELY_OWNER from the environment", () => {
    const c = loadConfig({ DUELY_DB: "/tmp/x.db", DUELY_TZ: "Asia/Taipei", DUELY_OWNER: "mia" });
    expect(c).toMatchObject({ store: { path: "/tmp/x.db" }, timezone: "Asia/Taipei", owner: "mia" });
  });

  it("adds an ntfy and a Slack channel from DUELY_NTFY_URL and DUELY_SLACK_WEBHOOK_URL, beside the file's channels", () => {
    const path = withFile({ actions: { channels: { ops: { type: "ntfy", url: "https://ntfy.sh/ops" } } } });
    const c = loadConfig({ DUELY_NTFY_URL: "https://ntfy.sh/mine", DUELY_SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/x" }, path);
    expect(c.actions.channels).toEqual({
      ops: { type: "ntfy", url: "https://ntfy.sh/ops" },
      ntfy: { type: "ntfy", url: "https://ntfy.sh/mine" },
      slack: { type: "slack", url: "https://hooks.slack.com/services/T/B/x" },
    });
    expect(problemsOf(() => loadConfig({ DUELY_NTFY_URL: "not a url" }))).toEqual([expect.stringMatching(/^actions\.channels\.ntfy\.url:/)]);
    expect(loadConfig({ DUELY_NTFY_URL: "" }).actions.channels).toEqual({});
  });

  it("lists every bad value at once, each with its path, and starts nothing", () => {
    const path = withFile({ timezone: "Mars/Olympus", engine: { shard_count: 0, look_ahead_ms: "soon" }, http: { port: 70000 }, colour: "blue" });
    const problems = problemsOf(() => loadConfig({}, path));
    expect(problems.length).toBeGreaterThanOrEqual(5);
    for (const p of ["timezone:", "engine.shard_count:", "engine.look_ahead_ms:", "http.port:", "(root):"]) {
      expect(
        problems.some((x) => x.startsWith(p)),
        `${p} in ${JSON.stringify(problems)}`,
      ).toBe(true);
    }
    expect(problems.find((p) => p.startsWith("timezone:"))).toContain("IANA");
  });

  it("names each bad limits and retention setting, with what it must be", () => {
    const path = withFile({
      limits: { enabled: "yes", creates: { burst: 0, per_minute: 1 }, executions: { burst: 5 }, llm_per_day: { calls: -1, tokens: 1.5 }, typo: 1 },
      retention: { max_age_ms: 3_600_000, keep_runs: 0, archive_path: "" },
    });
    const problems = problemsOf(() => loadConfig({}, path));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^limits\.enabled: .*boolean/),
        expect.stringMatching(/^limits\.creates\.burst: .*>=1/),
        expect.stringMatching(/^limits\.executions\.per_minute: .*expected number/),
        expect.stringMatching(/^limits\.llm_per_day\.calls: .*>=0/),
        expect.stringMatching(/^limits\.llm_per_day\.tokens: .*int/),
        expect.stringMatching(/^limits: .*"typo"/),
        expect.stringMatching(/^retention\.max_age_ms: .*>=86400000/),
        expect.stringMatching(/^retention\.keep_runs: .*>=1/),
        expect.stringMatching(/^retention\.archive_path: /),
      ]),
    );
    expect(problems).toHaveLength(9);
  });

  const aws = { store: { kind: "dynamodb", region: "eu-west-1" }, queue: { kind: "sqs", region: "eu-west-1", queue_url: "https://sqs.example/1/q" } };

  it("refuses an execution rate so slow that SQS could not hold a run back for its next token", () => {
    const slow = (per_minute: number, enabled = true) => withFile({ ...aws, limits: { enabled, executions: { burst: 5, per_minute } } });
    expect(problemsOf(() => loadConfig({}, slow(0.05)))).toEqual([
      expect.stringMatching(/^limits\.executions\.per_minute: must be at least 0\.0667 .*queue\.kind "sqs".*15 minutes/),
    ]);
    expect(loadConfig({}, slow(0.0667)).limits.executions.per_minute).toBe(0.0667);
    expect(loadConfig({}, slow(0.05, false)).limits.enabled).toBe(false);
    // The local queue holds a run back for as long as it takes.
    expect(loadConfig({}, withFile({ limits: { executions: { burst: 5, per_minute: 0.05 } } })).limits.executions.per_minute).toBe(0.05);
  });

  it("refuses a retention section with DynamoDB, which expires finished runs by TTL instead", () => {
    expect(problemsOf(() => loadConfig({}, withFile({ ...aws, retention: { max_age_ms: 7 * 86_400_000 } })))).toEqual([
      expect.stringMatching(/^retention: applies to store\.kind "sqlite" only: .*store\.ttl_days/),
    ]);
    expect(loadConfig({ XDG_DATA_HOME: "/data" }, withFile({ retention: { keep_runs: 5 } })).retention).toMatchObject({
      keep_runs: 5,
      max_age_ms: 90 * 86_400_000,
    });
    expect(loadConfig({}, withFile(aws)).retention.keep_runs).toBe(20);
  });

  it("claims runs when due on DynamoDB, where claiming ahead costs a start write and saves no time, unless the file says otherwise", () => {
    expect(loadConfig({}, withFile(aws)).engine.claim_ahead_ms).toBe(0);
    expect(loadConfig({}, withFile({ ...aws, engine: { concurrency: 8 } })).engine).toMatchObject({ claim_ahead_ms: 0, concurrency: 8 });
    expect(loadConfig({}, withFile({ ...aws, engine: { claim_ahead_ms: 1_500 } })).engine.claim_ahead_ms).toBe(1_500);
    // SQLite's start write is local and cheap: the default claims ahead.
    expect(loadConfig({}).engine.claim_ahead_ms).toBe(2_000);
    expect(loadConfig({}, withFile({ engine: { claim_ahead_ms: 0 } })).engine.claim_ahead_ms).toBe(0);
  });

  it("rejects a config file that is not JSON, naming the file", () => {
    const path = withFile("{ not json");
    expect(problemsOf(() => loadConfig({}, path))[0]).toContain(path);
  });

  it("reads bearer tokens from the variable the file names, and refuses short tokens", () => {
    const path = withFile({ http: { tokens_env: "DUELY_TOKENS" } });
    const c = loadConfig({ DUELY_TOKENS: "aaaaaaaaaaaaaaaaaaaa=alice,bbbbbbbbbbbbbbbbbbbb=bob" }, path);
    expect(c.http.tokens).toEqual({ aaaaaaaaaaaaaaaaaaaa: "alice", bbbbbbbbbbbbbbbbbbbb: "bob" });
    expect(problemsOf(() => loadConfig({ DUELY_TOKENS: "short=alice" }, path))[0]).toContain("16+ characters");
  });
});

describe("config: channels per owner", () => {
  const ntfy = (topic: string) => ({ type: "ntfy", url: `https://ntfy.example/${topic}` });

  it("keeps a single-user config working: the operator's channels belong to the configured owner", () => {
    const c = loadConfig({ DUELY_OWNER: "me" }, withFile({ actions: { channels: { phone: ntfy("me") } } }));
    expect(c.owner).toBe("me");
    expect(c.owners).toEqual({});
  });

  it("refuses a setup that gives one owner two channels of one name, and names that point nowhere", () => {
    const owners = {
      ann: { channels: { ops: ntfy("ann") }, shared_channels: ["ops", "nope"], alert_channels: ["pager"] },
      root: { channels: { team: ntfy("root-team") } },
    };
    const config = (extra: object) =>
      withFile({ owner: "root", actions: { channels: { ops: ntfy("ops"), team: ntfy("team") } }, owners: { ...owners, ...extra } });
    expect(problemsOf(() => loadConfig({}, config({ bob: { channels: { desktop: ntfy("bob") } } })))).toEqual([
      "owners.bob.channels.desktop: desktop is built in: the local service's notification on the user's screen",
    ]);
    expect(problemsOf(() => loadConfig({}, config({})))).toEqual([
      'owners.ann.shared_channels.1: there is no channel "nope" in actions.channels',
      "owners.ann.channels.ops: ambiguous, ann also shares actions.channels.ops; a name must mean one channel for each owner, so rename one of them",
      'owners.ann.alert_channels.0: ann has no channel "pager"',
      "owners.root.channels.team: ambiguous, root is the operator (owner) and also has actions.channels.team; a name must mean one channel for each owner, so rename one of them",
    ]);
  });
});

describe("config: auth and the public URL", () => {
  it("runs the built-in authorization server unless told otherwise", () => {
    expect(loadConfig({}).auth).toEqual({
      kind: "builtin",
      access_token_ttl_ms: 600_000,
      refresh_token_ttl_ms: 30 * 86_400_000,
      registration: { mode: "open", per_address: { burst: 10, per_minute: 10 / 60 }, max_clients: 1000, unused_client_ttl_ms: 86_400_000 },
    });
  });

  it("takes a registration mode, alone as a string or beside the bounds, and refuses another saying which exist", () => {
    const auth = (registration: unknown) => resolveConfig({ auth: { kind: "builtin", registration } }, {}).auth;
    expect(auth("closed")).toMatchObject({ registration: { mode: "closed", max_clients: 1000 } });
    expect(auth({ mode: "metadata-documents-only", max_clients: 5 })).toMatchObject({ registration: { mode: "metadata-documents-only", max_clients: 5 } });
    expect(() => auth("shut")).toThrow('auth.registration.mode: "shut" is not a registration mode: "open", "metadata-documents-only" or "closed"');
    expect(() => auth({ mode: "metadata-documents" })).toThrow(/auth\.registration\.mode: "metadata-documents" is not a registration mode/);
  });

  it("takes registration bounds and trusted proxies, and names a bad proxy address", () => {
    const c = resolveConfig({ http: { trusted_proxies: ["127.0.0.1", "::1"] }, auth: { kind: "builtin", registration: { max_clients: 5 } } }, {});
    expect(c.http.trusted_proxies).toEqual(["127.0.0.1", "::1"]);
    expect(c.auth).toMatchObject({ registration: { max_clients: 5, per_address: { burst: 10 } } });
    expect(() => resolveConfig({ http: { trusted_proxies: ["proxy.local"] } }, {})).toThrow(/http\.trusted_proxies\.0.*must be an IP address/);
  });

  it("takes an external issuer with its audience and owner claim, defaulting the claim to sub", () => {
    const c = loadConfig({}, withFile({ auth: { kind: "external", issuer: "https://example.eu.auth0.com/", audience: "https://duely.example.com/mcp" } }));
    expect(c.auth).toEqual({ kind: "external", issuer: "https://example.eu.auth0.com/", audience: "https://duely.example.com/mcp", owner_claim: "sub" });
  });

  it.each([
    [{ auth: { kind: "magic" } }, 'auth.kind: must be "builtin", "external" or "tokens"'],
    [{ auth: { kind: "external" } }, "auth.issuer: the identity provider's issuer URL"],
    [
      { auth: { kind: "external", issuer: "http://idp.example.com" } },
      "auth.issuer: the identity provider's issuer URL: https (http only on localhost or 127.0.0.1)",
    ],
    [
      { auth: { kind: "external", issuer: "https://idp.example.com", jwks_uri: "https://idp.example.com/jwks#x" } },
      "auth.jwks_uri: the identity provider's JWKS URL: https",
    ],
    [{ auth: { kind: "external", issuer: "https://idp.example.com", owner_claim: "" } }, "auth.owner_claim:"],
    [{ auth: { kind: "builtin", access_token_ttl_ms: 1000 } }, "auth.access_token_ttl_ms:"],
    [{ auth: { kind: "builtin", client_secret: "x" } }, 'auth: Unrecognized key: "client_secret"'],
    [{ http: { public_url: "https://duely.example.com/mcp" } }, 'http.public_url: an origin only, without a path, e.g. "https://duely.example.com"'],
    [
      { http: { public_url: "http://duely.example.com" } },
      "http.public_url: the https origin clients reach duely at: https (http only on localhost or 127.0.0.1)",
    ],
    [{ http: { public_url: "duely.example.com" } }, 'http.public_url: the https origin clients reach duely at, e.g. "https://duely.example.com"'],
    [{ http: { allowed_origins: ["http://localhost:6274/app"] } }, 'http.allowed_origins.0: an origin only, without a path, e.g. "http://localhost:6274"'],
    [{ http: { allowed_origins: ["localhost:6274"] } }, "http.allowed_origins.0: an origin: https (http only on localhost or 127.0.0.1)"],
  ])("refuses %j, saying what is wrong where", (file, problem) => {
    const problems = problemsOf(() => loadConfig({}, withFile(file)));
    expect(
      problems.some((p) => p.startsWith(problem)),
      JSON.stringify(problems),
    ).toBe(true);
  });

  it("accepts an http issuer or public URL on loopback, for a local trial", () => {
    const c = loadConfig(
      {},
      withFile({ http: { public_url: "http://127.0.0.1:8787" }, auth: { kind: "external", issuer: "http://localhost:8080/realms/duely" } }),
    );
    expect(c.http.public_url).toBe("http://127.0.0.1:8787");
    expect(loadConfig({}, withFile({ http: { allowed_origins: ["http://localhost:6274"] } })).http.allowed_origins).toEqual(["http://localhost:6274"]);
    expect(c.auth).toMatchObject({ issuer: "http://localhost:8080/realms/duely" });
  });
});
