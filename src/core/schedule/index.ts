/**
 * Schedules: when a job fires next, in its time zone, under an explicit DST policy
 * (docs/dst.md). Pure: the current time is always a parameter.
 */

export { CRON_EXPECTED, isFixedTime } from "./cron-fields.js";
export { describeSchedule } from "./describe.js";
export { dstNotes } from "./dst-notes.js";
export { type EffectiveDst, effectiveDst } from "./dst-policy.js";
export { nextFireTimes, nextOccurrence, nextOccurrences } from "./next.js";
export { type ValidateOptions, validateSchedule } from "./validate.js";
export { isValidTimeZone, TIMEZONE_EXPECTED } from "./zone.js";
