import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runServe } from "../../src/cli/serve.js";

const env = { DUELY_DB: join(tmpdir(), "duely-serve-never-opened.db"), DUELY_TZ: "UTC", DUELY_OWNER: "me" };

const withConfig = (config: unknown) => {
  const path = join(mkdtempSync(join(tmpdir(), "duely-serve-")), "duely.json");
  writeFileSync(path, JSON.stringify(config));
  return { ...env, DUELY_CONFIG: path };
};

describe("duely serve refuses, before opening anything, a server that would answer anyone", () => {
  test("--no-auth on a non-loopback host", async () => {
    await expect(runServe({ http: true, auth: false, host: "0.0.0.0" }, env)).rejects.toThrow(/loopback/);
  });
  test('auth.kind "tokens" without any bearer token configured', async () => {
    await expect(runServe({ http: true }, withConfig({ auth: { kind: "tokens" } }))).rejects.toThrow(/no bearer tokens are configured/);
  });
  test("OAuth on a non-loopback host without http.public_url: no client could use the issuer", async () => {
    await expect(runServe({ http: true, host: "0.0.0.0" }, env)).rejects.toThrow(/http\.public_url is required to serve OAuth on 0\.0\.0\.0/);
  });
  test("--no-auth without --http", async () => {
    await expect(runServe({ auth: false }, env)).rejects.toThrow(/--http only/);
  });
});
