import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActionFailure } from "../../src/ports/action.js";
import { fails, ok, openInMemory } from "./support.js";

type Env = Awaited<ReturnType<typeof openInMemory>>;
type Client = Awaited<ReturnType<Env["clientFor"]>>;

interface Result {
  task_id: string;
  title: string;
  text: string;
  text_length: number;
  text_from?: number;
  text_continues?: true;
  finished_at: string;
  delivered_to?: string[];
}

/** A long digest: numbered lines, so a part's place in it shows. */
const LONG = Array.from({ length: 120 }, (_, i) => `line ${String(i).padStart(3, "0")} of the long digest`).join("\n");

let env: Env;
let alice: Client;
let bob: Client;
const ids = { early: "", long: "", late: "", broken: "", bobs: "" };

const at = (iso: string) => ({ type: "once", at: iso, timezone: "UTC" });
const notify = (message: string) => ({ type: "notify", message });

beforeAll(async () => {
  env = await openInMemory({}, "2026-03-02T06:00:00Z");
  alice = await env.clientFor("alice");
  bob = await env.clientFor("bob");
  env.harness.actions.behaviour = (action) => {
    if (action.type === "notify" && action.message === "broken") throw new ActionFailure("the feed is gone", { permanent: true });
    return {
      text: action.type === "notify" && action.message === "long" ? LONG : `said: ${action.type === "notify" ? action.message : ""}`,
      data: { delivered: ["inbox"] },
    };
  };
  const create = async (client: Client, title: string, message: string, when: string) =>
    (await ok(client, "task_create_v1", { title, action: notify(message), schedule: at(when) })).task as { id: string };
  ids.early = (await create(alice, "Early reminder", "early", "2026-03-02T07:00:00Z")).id;
  ids.long = (await create(alice, "Morning digest", "long", "2026-03-02T08:00:00Z")).id;
  ids.late = (await create(alice, "Late reminder", "late", "2026-03-02T09:00:00Z")).id;
  ids.broken = (await create(alice, "Broken digest", "broken", "2026-03-02T09:30:00Z")).id;
  ids.bobs = (await create(bob, "Bob's note", "bob's secret plans", "2026-03-02T08:30:00Z")).id;
  await env.harness.runFor(4 * 3_600_000, 60_000);
});
afterAll(() => env.close());

async function results(client: Client, args: Record<string, unknown>): Promise<{ since: string; results: Result[]; next_cursor?: string }> {
  return (await ok(client, "task_results_v1", args)) as never;
}

describe("task_results_v1", () => {
  it("returns what the caller's tasks delivered since a time, newest first, and nothing of another owner's or of failed runs", async () => {
    const page = await results(alice, { since: "2026-03-02T07:30:00Z", max_chars: 100_000 });
    expect(page.since).toBe("2026-03-02T15:30:00+08:00");
    expect(page.results.map((r) => r.title)).toEqual(["Late reminder", "Morning digest"]);
    expect(page.results[0]).toMatchObject({ task_id: ids.late, text: "said: late", text_length: 10, delivered_to: ["inbox"] });
    expect(page.results[1]!.text).toBe(LONG);
    expect(page.next_cursor).toBeUndefined();
    const all = await results(alice, { since: "2026-03-02T00:00:00Z", max_chars: 100_000 });
    expect(all.results.map((r) => r.title)).toEqual(["Late reminder", "Morning digest", "Early reminder"]);
    expect(JSON.stringify(all)).not.toContain("bob");
  });

  it("pages a long text in parts that put it back together, the cursor carrying the query", async () => {
    const parts: Result[] = [];
    let page = await results(alice, { task_id: ids.long, since: "2026-03-02T00:00:00Z", max_chars: 1_000 });
    parts.push(...page.results);
    while (page.next_cursor) {
      page = await results(alice, { cursor: page.next_cursor, max_chars: 1_000 });
      parts.push(...page.results);
    }
    expect(parts.length).toBe(Math.ceil(LONG.length / 1_000));
    expect(parts.map((p) => p.text).join("")).toBe(LONG);
    expect(parts[0]).toMatchObject({ text_continues: true, text_length: LONG.length });
    expect(parts[0]!.text_from).toBeUndefined();
    expect(parts[1]).toMatchObject({ text_from: 1_000, text_continues: true });
    expect(parts.at(-1)!.text_continues).toBeUndefined();
  });

  it("goes on with the next result after a finished text, across tasks", async () => {
    const first = await results(alice, { since: "2026-03-02T00:00:00Z", max_chars: 1_000 });
    expect(first.results.map((r) => r.title)).toEqual(["Late reminder", "Morning digest"]);
    expect(first.results[1]!.text_continues).toBe(true);
    let page = first;
    const titles: string[] = [];
    while (page.next_cursor) {
      page = await results(alice, { cursor: page.next_cursor, max_chars: 1_000 });
      titles.push(...page.results.map((r) => r.title));
    }
    expect(titles.at(-1)).toBe("Early reminder");
  });

  it("answers not_found for another owner's task, and invalid_argument for a cursor of another query or none of ours", async () => {
    expect((await fails(alice, "task_results_v1", { task_id: ids.bobs }, "not_found")).field).toBe("task_id");
    const page = await results(alice, { since: "2026-03-02T00:00:00Z", max_chars: 1_000 });
    const other = await fails(alice, "task_results_v1", { cursor: page.next_cursor, since: "2026-03-01T00:00:00Z" }, "invalid_argument");
    expect(other.field).toBe("cursor");
    expect((await fails(alice, "task_results_v1", { cursor: "not-a-cursor" }, "invalid_argument")).field).toBe("cursor");
    expect((await fails(alice, "task_results_v1", { since: "yesterday" }, "invalid_argument")).field).toBe("since");
  });

  it("defaults to the last 24 hours", async () => {
    env.harness.clock.advance(22.5 * 3_600_000);
    const page = await results(alice, { max_chars: 100_000 });
    expect(page.results.map((r) => r.title)).toEqual(["Late reminder"]);
    env.harness.clock.advance(-22.5 * 3_600_000);
  });
});

describe("task_list_v1 marks a task whose last run failed", () => {
  it("adds last_run_failed to that task only", async () => {
    const listed = (await ok(alice, "task_list_v1", { status: ["active", "completed"] })).tasks as { id: string; last_run_failed?: true }[];
    const byId: Record<string, { last_run_failed?: true }> = Object.fromEntries(listed.map((t) => [t.id, t]));
    expect(byId[ids.broken]!.last_run_failed).toBe(true);
    for (const id of [ids.early, ids.long, ids.late]) expect(byId[id]!.last_run_failed).toBeUndefined();
  });
});
