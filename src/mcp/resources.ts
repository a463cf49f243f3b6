import { ResourceNotFoundError, type Server, UriTemplate } from "@modelcontextprotocol/server";
import type { Change } from "../app/changes.js";
import { isDomainError } from "../core/errors.js";
import { isTerminal, type Run } from "../core/model.js";
import { offersView, readTasksView, TASKS_VIEW_RESOURCE, TASKS_VIEW_URI } from "./app-view.js";
import type { ToolContext } from "./define-tool.js";
import { isoLocal, zoneOf } from "./present.js";

/**
 * `duely://tasks/{id}/runs/latest`: the newest finished run's full result text of one of the
 * caller's scheduled tasks (tool results cut long texts). Read-only; tools stay the main path,
 * since models reach tools more reliably than resources.
 */
export const LATEST_RUN_TEMPLATE = "duely://tasks/{id}/runs/latest";
const template = new UriTemplate(LATEST_RUN_TEMPLATE);
const LIST_LIMIT = 100;

export const latestRunUri = (id: string): string => template.expand({ id });

/** The task id a latest-run URI names, or null for any other URI. */
export function taskIdOf(uri: string): string | null {
  const id = template.match(uri)?.id;
  return typeof id === "string" && id.length > 0 ? id : null;
}

function runText(run: Run | undefined, zone: string, nextRunAt: number | null): string {
  if (!run) return nextRunAt === null ? "No run has finished yet." : `No run has finished yet; the next is at ${isoLocal(nextRunAt, zone)}.`;
  const when = isoLocal(run.scheduled_at, zone);
  if (run.status === "succeeded") return run.result?.text ?? "";
  if (run.status === "skipped") return `The run of ${when} was skipped (${run.skip_reason ?? "unknown reason"}).`;
  if (run.status === "failed") return `The run of ${when} failed: ${run.error?.message ?? "unknown error"}`;
  return `The run of ${when} is ${run.status}.`;
}

/**
 * The task whose latest-run resource a change updates: one of its runs finished (reached a final
 * status; a cancelled one does not count, the resource skips it), or its owner changed it
 * (update, pause, resume, cancel, skip, run now: its next run, zone or status may read
 * differently). The engine's own writes of a task (its chain advancing) update nothing.
 */
function taskOf(change: Change): { id: string; owner: string } | null {
  if (change.type === "job:written") return null;
  if (change.type === "job:changed") return { id: change.entry.job_id, owner: change.owner };
  const run = change.run;
  return isTerminal(change.to) && change.to !== "cancelled" ? { id: run.job_id, owner: run.owner } : null;
}

/** The latest-run resources that `changes` altered (of `owner`'s tasks only, when given), each once. */
export function updatedUris(changes: readonly Change[], owner?: string): string[] {
  const tasks = changes.flatMap((c) => taskOf(c) ?? []).filter((t) => owner === undefined || t.owner === owner);
  return [...new Set(tasks.map((t) => latestRunUri(t.id)))];
}

export function registerTaskResources(server: Server, ctx: ToolContext): void {
  server.setRequestHandler("resources/list", async () => {
    const page = await ctx.jobs.list(ctx.owner, { limit: LIST_LIMIT });
    return {
      resources: [
        ...(offersView(server.getClientCapabilities()) ? [TASKS_VIEW_RESOURCE] : []),
        ...page.items.map(({ job }) => ({
          uri: latestRunUri(job.id),
          name: `${job.id}-latest-run`,
          title: `${job.title}: latest run`,
          description: `The result of the latest finished run of the scheduled task "${job.title}" (${job.status}).`,
          mimeType: "text/plain",
        })),
      ],
    };
  });

  server.setRequestHandler("resources/templates/list", () => ({
    resourceTemplates: [
      {
        uriTemplate: LATEST_RUN_TEMPLATE,
        name: "latest-run",
        title: "Latest run of a scheduled task",
        description: "The result text of the newest finished run of one of your scheduled tasks; {id} is the task id.",
        mimeType: "text/plain",
      },
    ],
  }));

  server.setRequestHandler("resources/read", async (request) => {
    const uri = request.params.uri;
    if (uri === TASKS_VIEW_URI) return readTasksView();
    const id = taskIdOf(uri);
    if (id === null) throw new ResourceNotFoundError(uri);
    const detail = await ctx.jobs.get(ctx.owner, id, { runs: 20 }).catch((e: unknown) => {
      // Another owner's task is reported exactly like a missing one.
      if (isDomainError(e) && e.code === "not_found") throw new ResourceNotFoundError(uri);
      throw e;
    });
    const zone = zoneOf(detail.job.schedule, ctx.timezone);
    const finished = detail.runs.find((r) => isTerminal(r.status) && r.status !== "cancelled");
    return { contents: [{ uri, mimeType: "text/plain", text: runText(finished, zone, detail.next_run_at) }] };
  });
}
