import type { z } from "zod";
import { DomainError } from "../../core/errors.js";

// Shared by every store adapter: a stored item is validated whole, or refused with
// `corrupt_record` naming it and the field, so a half-parsed record is never handed out.

export function parseStored<T>(schema: z.ZodType<T>, what: string, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  throw new DomainError("corrupt_record", `stored ${what} is malformed: ${field ? `${field}: ` : ""}${issue?.message ?? parsed.error.message}`, {
    ...(field && { field }),
  });
}

export function parseJson(text: string, field: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError("corrupt_record", `stored ${what} is malformed: ${field} is not valid JSON`, { field });
  }
}
