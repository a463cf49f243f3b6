/**
 * Schedules: when a job fires next, in its time zone, under an explicit DST policy
 * (docs/dst.md). Pure: the current time is always a parameter. Also the one calendar of
 * src/core: which zone names are valid, and how a wall time becomes an instant.
 */

export { CRON_EXPECTED, isFixedTime } from "./cron-fields.js";
export { describeSchedule } from "./describe.js";
export { dstNotes } from "./dst-notes.js";
export { type EffectiveDst, effectiveDst } from "./dst-policy.js";
export { formatClockInZone, formatIsoInZone, ISO_EXPECTED, type IsoInstant, readIsoDay, readIsoTime } from "./iso-time.js";
export { anchorInGap, type LocalTime, localTimeAt, resolveLocalTime, resolveLocalTimeNoted } from "./local-time.js";
export { nextFireTimes, nextOccurrence, nextOccurrences } from "./next.js";
export { type ValidateOptions, validateSchedule } from "./validate.js";
export { addDays, addMonths, type CivilDate, type CivilTime, daysBetween, daysInMonth, weekdayOf } from "./wall-time.js";
export { formatInZone, isValidTimeZone, TIMEZONE_EXPECTED, unknownTimeZone } from "./zone.js";
