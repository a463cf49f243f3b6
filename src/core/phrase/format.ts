import type { CivilTime } from "../schedule/index.js";

/** How the reader writes dates, clock times and amounts in its notes and refusals. */

/** "2026-03-08 02:30" */
export const formatWall = (w: CivilTime): string => `${w.year}-${pad(w.month)}-${pad(w.day)} ${formatClock(w.hour, w.minute)}`;

/** "08:00" */
export const formatClock = (hour: number, minute: number): string => `${pad(hour)}:${pad(minute)}`;

/** "1 hour", "3 days". */
export const count = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? "" : "s"}`;

const pad = (n: number): string => String(n).padStart(2, "0");
