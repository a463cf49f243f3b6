import type { Tool } from "../define-tool.js";
import { schedulePreview } from "./schedule-preview.js";
import { taskCancel } from "./task-cancel.js";
import { taskCreate } from "./task-create.js";
import { taskGet } from "./task-get.js";
import { taskList } from "./task-list.js";
import { taskPause } from "./task-pause.js";
import { taskResults } from "./task-results.js";
import { taskResume } from "./task-resume.js";
import { taskRunNow } from "./task-run-now.js";
import { taskSkip } from "./task-skip.js";
import { taskUpdate } from "./task-update.js";

/** Every tool the server lists, in the order a model meets them. A `_v2` goes beside its `_v1`. */
export const TOOLS: readonly Tool[] = [
  taskCreate,
  taskList,
  taskGet,
  taskResults,
  taskUpdate,
  taskRunNow,
  taskSkip,
  taskPause,
  taskResume,
  taskCancel,
  schedulePreview,
];
