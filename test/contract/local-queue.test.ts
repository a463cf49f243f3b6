import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { systemClock } from "../../src/ports/clock.js";
import { describeQueueContract } from "./queue-contract.js";

describeQueueContract("local", async () => {
  const visibilityMs = 1_000;
  const queue = new LocalDelayQueue(systemClock, { visibilityMs });
  return { queue, visibilityMs, cleanup: () => queue.close() };
});
