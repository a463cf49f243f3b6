import type { DelayQueue, QueueItem, QueueMessage } from "../../src/ports/queue.js";
import { type FaultPlan, InjectedFault, never } from "./faults.js";

/**
 * A delay queue that fails some calls as a real one can, around a real queue:
 * - `error`: the call fails and has no effect;
 * - `timeout`: the call never answers (a send may have gone out);
 * - `lost` (send, receive): one message of the call vanishes, and the call succeeds;
 * - `duplicate` (receive): one message is delivered twice (at-least-once delivery).
 */
export function faultyQueue(queue: DelayQueue, plan: FaultPlan): DelayQueue {
  let copies = 0;
  const dropOne = <T>(items: T[]): T[] => {
    const i = Math.floor(plan.random() * items.length);
    return items.filter((_, j) => j !== i);
  };
  return {
    async send(items: QueueItem[]) {
      const fault = items.length === 0 ? null : plan.pick("send", ["error", "timeout", "lost"] as const);
      if (fault === "error") throw new InjectedFault("send failed");
      await queue.send(fault === "lost" ? dropOne(items) : items);
      if (fault === "timeout") return never();
    },
    async receive(max: number, waitMs: number, signal?: AbortSignal) {
      const fault = plan.pick("receive", ["error", "timeout", "lost", "duplicate"] as const);
      if (fault === "error") throw new InjectedFault("receive failed");
      if (fault === "timeout") return never<QueueMessage[]>();
      const got = await queue.receive(max, waitMs, signal);
      if (fault === "lost" && got.length > 0) return dropOne(got);
      if (fault === "duplicate" && got.length > 0) {
        const twin = got[Math.floor(plan.random() * got.length)]!;
        return [...got, { ...twin, receipt: `${twin.receipt}-copy${++copies}` }];
      }
      return got;
    },
    async ack(messages: QueueMessage[]) {
      const fault = messages.length === 0 ? null : plan.pick("ack", ["error", "timeout"] as const);
      if (fault === "error") throw new InjectedFault("ack failed");
      if (fault === "timeout") return never();
      await queue.ack(messages);
    },
    async extend(message: QueueMessage, ms: number, opts?: { waiting?: boolean }) {
      if (plan.pick("extend", ["error"] as const)) throw new InjectedFault("extend failed");
      await queue.extend(message, ms, opts);
    },
    size: () => queue.size(),
    close: () => queue.close(),
  };
}
