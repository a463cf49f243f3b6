/**
 * The one error type the engine throws for anything a caller can fix or must know about.
 * The MCP layer maps it once (src/mcp/tool-errors.ts); the CLI prints it as JSON.
 */
export const ERROR_CODES = [
  "invalid_argument",
  "invalid_schedule",
  "unknown_timezone",
  "in_the_past",
  "beyond_horizon",
  "ambiguous_schedule",
  "not_found",
  "conflict",
  "limit_exceeded",
  "unauthorized",
  "corrupt_record",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Why a use case refused, in the domain's words, where the code alone does not say what to do
 * next. The engine words no advice that names a caller's commands: each surface words its own
 * for a reason (the MCP tools' hints: src/mcp/tool-errors.ts).
 */
export const ERROR_REASONS = [
  /** No task with that id belongs to the caller. */
  "task_not_found",
  /** The task is cancelled or completed: it will not run again. */
  "task_ended",
  /** The caller's `expected_version` is not the task's version. */
  "version_mismatch",
  /** After the change the task would have no run before its end. */
  "would_never_run",
  /** A one-off task has no other run to skip to. */
  "one_off_skip",
  /** No run (or skipped run) of the task at the time given. */
  "no_such_occurrence",
  /** The run to skip is the task's last one. */
  "last_occurrence",
  /** Too many runs skipped ahead already. */
  "too_many_skips",
  /** An undo with nothing skipped. */
  "nothing_skipped",
  /** The run has started or ended: only an upcoming run can be skipped. */
  "occurrence_not_ahead",
  /** The owner has as many active or paused tasks as allowed. */
  "task_cap",
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** Facts about a refusal for a caller to act on (the limit, the current version), not prose. */
export type ErrorData = Readonly<Record<string, string | number | boolean | null>>;

export interface ErrorDetail {
  /** Why, when the code does not say enough for the caller to choose what to do next. */
  reason?: ErrorReason;
  /** The facts of the refusal, by name. */
  data?: ErrorData;
  /** Dotted path of the offending input, e.g. `schedule.timezone`. */
  field?: string;
  /** The form the value must take, written for a model to fix the call in one retry. */
  expected?: string;
  /** What to do next, when the fix is not just "send the expected form". */
  hint?: string;
  /** For `limit_exceeded` by a rate: seconds until the same call can succeed. */
  retryAfterS?: number;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly expected: string | undefined;
  readonly hint: string | undefined;
  readonly retryAfterS: number | undefined;
  readonly reason: ErrorReason | undefined;
  readonly data: ErrorData | undefined;

  constructor(code: ErrorCode, message: string, detail: ErrorDetail = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.field = detail.field;
    this.expected = detail.expected;
    this.hint = detail.hint;
    this.retryAfterS = detail.retryAfterS;
    this.reason = detail.reason;
    this.data = detail.data;
  }

  toJSON(): { code: ErrorCode; message: string } & ErrorDetail {
    return {
      code: this.code,
      message: this.message,
      ...(this.field !== undefined && { field: this.field }),
      ...(this.expected !== undefined && { expected: this.expected }),
      ...(this.hint !== undefined && { hint: this.hint }),
      ...(this.retryAfterS !== undefined && { retryAfterS: this.retryAfterS }),
      ...(this.reason !== undefined && { reason: this.reason }),
      ...(this.data !== undefined && { data: this.data }),
    };
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
