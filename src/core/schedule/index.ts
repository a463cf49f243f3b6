/**
 * Schedules: when a job fires next, in its time zone, under an explicit DST policy
 * (docs/dst.md). Pure: the current time is always a parameter.
 */
export { nextOccurrence, nextOccurrences, nextFireTimes } from "./next.js";
export { validateSchedule, type ValidateOptions } from "./validate.js";
export { effectiveDst, type EffectiveDst } from "./dst-policy.js";
export { isFixedTime, CRON_EXPECTED } from "./cron-fields.js";
export { describeSchedule } from "./describe.js";
export { dstNotes } from "./dst-notes.js";
export { isValidTimeZone, TIMEZONE_EXPECTED } from "./zone.js";
