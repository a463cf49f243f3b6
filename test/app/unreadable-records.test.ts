import { corruptSqliteJob, corruptSqliteRun, deleteSqliteRun } from "../support/corrupt-sqlite-run.js";
import { describeUnreadablePaths } from "../support/unreadable-paths.js";

describeUnreadablePaths("SQLite", {
  async open() {
    return {
      tamper: (path) => ({ corruptRun: corruptSqliteRun(path), corruptJob: corruptSqliteJob(path), deleteRun: deleteSqliteRun(path) }),
      cleanup: async () => {},
    };
  },
});
