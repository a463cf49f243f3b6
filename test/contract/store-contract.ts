import { describe } from "vitest";
import type { OpenStore } from "./store/fixture.js";
import { describeInFlightRunsContract } from "./store/in-flight-runs.js";
import { describeJobHistoryContract } from "./store/job-history.js";
import { describeJobContract } from "./store/jobs.js";
import { describeQuarantineContract } from "./store/quarantine.js";
import { describeRunQueryContract } from "./store/run-queries.js";
import { describeRunContract } from "./store/runs.js";
import { describeTransactionContract } from "./store/transactions.js";

/**
 * The whole Store port contract, written once in ./store/ by concern; every adapter's test file
 * calls this. `open` MUST return a new, empty store each time (scanJobs reads everything).
 * Only behaviour the port promises is tested: pages may come back shorter than `limit`
 * and a last page may be empty (DynamoDB filters after limiting), so listings are read to the end.
 */
export function describeStoreContract(name: string, open: OpenStore): void {
  describe(`Store contract: ${name}`, () => {
    describeJobContract(open);
    describeRunContract(open);
    describeTransactionContract(open);
    describeRunQueryContract(open);
    describeInFlightRunsContract(open);
    describeJobHistoryContract(open);
    describeQuarantineContract(open);
  });
}
