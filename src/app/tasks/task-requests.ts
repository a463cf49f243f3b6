import type { Action } from "../../core/action-model.js";
import { DomainError } from "../../core/errors.js";
import type { RetryPolicy, RunPolicy } from "../../core/model.js";
import { zoneOf } from "../../core/schedule/model.js";
import type { EngineDeps } from "../deps.js";
import { ownedJob } from "./job-access.js";
import type { JobPatch, UpdatedJob, UpdateOptions } from "./job-update.js";
import type { CreatedJob, Jobs } from "./jobs.js";
import type { Upcoming } from "./schedule-rules.js";
import {
  type EndRequest,
  endsOf,
  fingerprintOf,
  phraseReader,
  type ReadPhrase,
  type ResolvedSchedule,
  resolveWhen,
  scheduleChange,
  type WhenRequest,
} from "./task-request.js";

/**
 * The task use cases as a person asks for them: when in their words or a structured schedule,
 * a zone, an end. Each resolves the request (task-request.ts), then runs the use case on the
 * engine's terms, and returns what it did with how the request was read.
 */

export interface CreateTaskRequest extends WhenRequest, EndRequest {
  title: string;
  action: Action;
  retry?: Partial<RetryPolicy> | undefined;
  policy?: Partial<RunPolicy> | undefined;
}

export interface UpdateTaskRequest extends WhenRequest, EndRequest {
  title?: string | undefined;
  action?: Action | undefined;
  channels?: string[] | undefined;
  policy?: Partial<RunPolicy> | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  /** Remove the end (end_at and max_runs). */
  clear_end?: boolean | undefined;
}

/** A created task, and how its request was read (the stored schedule, its end). */
export interface CreatedTask extends CreatedJob {
  reading: ResolvedSchedule;
}

/** An update, and how its request's schedule was read (null when it named none). */
export interface UpdatedTask extends UpdatedJob {
  reading: ResolvedSchedule | null;
}

export interface PreviewedTask extends Upcoming {
  reading: ResolvedSchedule;
}

/** The phrase reader, unless the request has a structured schedule, which never loads it (resolveWhen reads `when` only without one). */
const readerFor = async (req: WhenRequest): Promise<ReadPhrase> => (req.schedule === undefined ? phraseReader() : unusedReader);
const unusedReader: ReadPhrase = () => {
  throw new Error("a structured schedule is not read as a phrase");
};

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export async function createTask(jobs: Jobs, owner: string, req: CreateTaskRequest, defaults: { timezone: string; now: number }): Promise<CreatedTask> {
  const resolved = resolveWhen(req, { ...defaults, horizonMs: jobs.horizonMs }, await readerFor(req));
  const { endAt, maxRuns } = endsOf(req, resolved);
  const created = await jobs.create(owner, {
    title: req.title,
    action: req.action,
    schedule: resolved.schedule,
    ...(req.retry && { retry: req.retry }),
    ...(endAt !== undefined && { end_at: endAt }),
    ...(maxRuns !== undefined && { max_runs: maxRuns }),
    ...(req.policy !== undefined && { policy: req.policy }),
    // The request as given, with the zone it was read in: a phrase read again a minute later resolves to other instants.
    fingerprint: fingerprintOf(defined(req), resolved.zone),
  });
  const reading: ResolvedSchedule = {
    ...resolved,
    schedule: created.job.schedule,
    ...(endAt !== undefined && { endAt }),
    ...(maxRuns !== undefined && { maxRuns }),
  };
  return { ...created, reading };
}

export async function previewTask(jobs: Jobs, req: WhenRequest, count: number, defaults: { timezone: string; now: number }): Promise<PreviewedTask> {
  const reading = resolveWhen(req, { ...defaults, horizonMs: jobs.horizonMs }, await readerFor(req));
  return { ...jobs.preview(reading.schedule, count), reading };
}

/** The patch a request asks for; an end read from `when` ("until June 30", "3 times") counts as given. */
function patchOf(req: UpdateTaskRequest, resolved: ResolvedSchedule | null, zone: string): JobPatch {
  const { endAt, maxRuns } = endsOf(req, resolved ?? { zone });
  if (req.clear_end === true && (endAt !== undefined || maxRuns !== undefined)) {
    throw new DomainError("invalid_argument", "clear_end removes the end, but `when` gives one.", {
      field: "clear_end",
      expected: "clear_end, or an end in `when`, not both",
      hint: "Ask the user whether the task should end, then pass one of the two.",
    });
  }
  const schedule = resolved?.schedule;
  return {
    ...(req.title !== undefined && { title: req.title }),
    ...(req.action !== undefined && { action: req.action }),
    ...(req.channels !== undefined && { channels: req.channels }),
    ...(schedule !== undefined && { schedule }),
    ...(req.policy !== undefined && { policy: req.policy }),
    ...(req.retry !== undefined && { retry: req.retry }),
    ...(endAt !== undefined && { end_at: endAt }),
    ...(maxRuns !== undefined && { max_runs: maxRuns }),
    ...(req.clear_end === true && { end_at: null, max_runs: null }),
  };
}

/**
 * An update as asked: a new `when` or `schedule` is read in the task's zone unless one is named;
 * a zone alone moves the task's wall-clock times to it (task-request.ts, `scheduleChange`).
 */
export async function updateTask(
  deps: EngineDeps,
  jobs: Jobs,
  owner: string,
  id: string,
  req: UpdateTaskRequest,
  opts: UpdateOptions & { timezone: string },
): Promise<UpdatedTask> {
  const current = await ownedJob(deps.store, owner, id);
  const reading = scheduleChange(req, current, { timezone: opts.timezone, now: deps.clock.now(), horizonMs: jobs.horizonMs }, await readerFor(req));
  const zone = reading?.zone ?? zoneOf(current.schedule, opts.timezone);
  const { timezone: _zone, ...updateOpts } = opts;
  const updated = await jobs.update(owner, id, patchOf(req, reading, zone), updateOpts);
  return { ...updated, reading };
}
