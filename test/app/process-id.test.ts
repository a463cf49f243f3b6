import { hostname } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { defaultRoleId } from "../../src/app/engine/process-id.js";
import { openHarness } from "../support/engine-harness.js";

type Harness = Awaited<ReturnType<typeof openHarness>>;
const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
});

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const shape = (role: string) => new RegExp(`^${role}-${escaped(hostname())}-${process.pid}-[0-9a-f]{6}$`);

describe("default watcher and worker ids", () => {
  it("name the role, the host and the pid, and differ between processes with one pid on hosts of one name", () => {
    // Two calls in this process stand for two containers whose first process is pid 1 under one host name.
    const [a, b] = [defaultRoleId("watcher"), defaultRoleId("watcher")];
    expect(a).toMatch(shape("watcher"));
    expect(b).toMatch(shape("watcher"));
    expect(a).not.toBe(b);
  });

  it("are what an engine's watcher and worker take when given no id", async () => {
    const [h1, h2] = [await openHarness("2026-06-01T10:00:00Z"), await openHarness("2026-06-01T10:00:00Z")];
    open.push(h1, h2);
    expect(h1.engine.watcher.id).toMatch(shape("watcher"));
    expect(h1.engine.worker.id).toMatch(shape("worker"));
    expect(h1.engine.watcher.id).not.toBe(h2.engine.watcher.id);
    expect(h1.engine.worker.id).not.toBe(h2.engine.worker.id);
  });
});
