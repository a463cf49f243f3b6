import { LocalDelayQueue } from "../../src/adapters/queue/local/local-queue.js";
import { systemClock } from "../../src/ports/clock.js";
import { describeQueueContract } from "./queue-contract.js";

describeQueueContract("local", async () => {
  const queue = new LocalDelayQueue(systemClock);
  return { queue, cleanup: () => queue.close() };
});
