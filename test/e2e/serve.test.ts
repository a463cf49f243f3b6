import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runServe } from "../../src/cli/serve.js";

const env = { DUELY_DB: join(tmpdir(), "duely-serve-never-opened.db"), DUELY_TZ: "UTC", DUELY_OWNER: "me" };

describe("duely serve refuses, before opening anything, a server that would answer anyone", () => {
  test("--no-auth on a non-loopback host", async () => {
    await expect(runServe({ http: true, auth: false, host: "0.0.0.0" }, env)).rejects.toThrow(/loopback/);
  });
  test("--http without any bearer token configured", async () => {
    await expect(runServe({ http: true }, env)).rejects.toThrow(/no bearer tokens configured/);
  });
  test("--no-auth without --http", async () => {
    await expect(runServe({ auth: false }, env)).rejects.toThrow(/--http only/);
  });
});
