import { z } from "zod";
import { plainText } from "./plain-text.js";

/** Where a result is delivered: `inbox` (stored on the run, always on) or the name of a channel the owner configured. */
const Channel = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_-]{0,63}$/);

export const SummarizeAction = z.strictObject({
  type: z.literal("summarize"),
  topic: plainText(z.string().min(1).max(200), { lines: false }),
  feeds: z.array(z.string().url().max(2000)).max(20).optional(),
  max_items: z.number().int().min(1).max(50).optional(),
  language: z.string().min(2).max(35).optional(),
  length: z.enum(["short", "medium", "long"]).optional(),
  channels: z.array(Channel).max(8).optional(),
});

export const NotifyAction = z.strictObject({
  type: z.literal("notify"),
  message: plainText(z.string().min(1).max(2000), { lines: true }),
  channels: z.array(Channel).max(8).optional(),
});

/**
 * A prompt run by the configured language model at each occurrence, optionally with text fetched
 * from `sources` (web pages or feeds) and a `deliver_if` condition the model decides: the
 * answer is delivered only when it holds.
 */
export const AskAction = z.strictObject({
  type: z.literal("ask"),
  prompt: plainText(z.string().min(1).max(4000), { lines: true }),
  sources: z.array(z.string().url().max(2000)).max(10).optional(),
  deliver_if: plainText(z.string().min(1).max(500), { lines: true }).optional(),
  channels: z.array(Channel).max(8).optional(),
});

export const Action = z.discriminatedUnion("type", [SummarizeAction, NotifyAction, AskAction]);
export type Action = z.infer<typeof Action>;
export type AskAction = z.infer<typeof AskAction>;
