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

export interface ErrorDetail {
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

  constructor(code: ErrorCode, message: string, detail: ErrorDetail = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.field = detail.field;
    this.expected = detail.expected;
    this.hint = detail.hint;
    this.retryAfterS = detail.retryAfterS;
  }

  toJSON(): { code: ErrorCode; message: string } & ErrorDetail {
    return {
      code: this.code,
      message: this.message,
      ...(this.field !== undefined && { field: this.field }),
      ...(this.expected !== undefined && { expected: this.expected }),
      ...(this.hint !== undefined && { hint: this.hint }),
      ...(this.retryAfterS !== undefined && { retryAfterS: this.retryAfterS }),
    };
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
