import { randomUUID } from "node:crypto";
import { GetQueueAttributesCommand } from "@aws-sdk/client-sqs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqsQueue } from "../../src/adapters/queue/sqs/sqs-queue.js";
import { createQueues } from "../../src/cli/aws-init.js";
import { sqsClient } from "../support/aws/clients.js";
import { type Fauxqs, startFauxqs } from "../support/aws/fauxqs.js";
import { describeQueueContract } from "./queue-contract.js";

let fauxqs: Fauxqs;
let client: ReturnType<typeof sqsClient>;
beforeAll(async () => {
  fauxqs = await startFauxqs();
  client = sqsClient(fauxqs.endpoint);
});
afterAll(async () => {
  client.destroy();
  await fauxqs.stop();
});

const freshQueue = (visibilityMs = 2_000) => createQueues(client, { prefix: `t${randomUUID().slice(0, 8)}-`, visibilityMs, maxReceiveCount: 3 });

describeQueueContract("sqs", async () => {
  const visibilityMs = 2_000;
  const { queueUrl, dlqUrl } = await freshQueue(visibilityMs);
  const queue = openSqsQueue({ client, queueUrl, dlqUrl, visibilityMs });
  return { queue, visibilityMs, cleanup: () => queue.close() };
});

describe("SQS delay queue, beyond the port", () => {
  const item = (job: string, dueAt: number) => ({ key: { job_id: job, scheduled_at: dueAt }, owner: "alice", dueAt });

  it("refuses a run due beyond SQS's 15-minute delay, sending nothing", async () => {
    const { queueUrl } = await freshQueue();
    const queue = openSqsQueue({ client, queueUrl, visibilityMs: 2_000 });
    const now = Date.now();
    await expect(queue.send([item("ok", now + 1_000), item("far", now + 16 * 60_000)])).rejects.toMatchObject({ code: "invalid_argument", field: "dueAt" });
    expect(await queue.size()).toBe(0);
    await queue.close();
  });

  it("keeps a message it holds from redelivery while the worker extends it, and not after ack", async () => {
    const { queueUrl } = await freshQueue(1_000);
    const worker = openSqsQueue({ client, queueUrl, visibilityMs: 1_000 });
    const other = openSqsQueue({ client, queueUrl, visibilityMs: 1_000 });
    await worker.send([item("long-run", Date.now() - 1)]);
    const [m] = await worker.receive(1, 2_000);
    expect(m).toBeDefined();
    for (let i = 0; i < 3; i++) {
      await worker.extend(m!, 1_000);
      expect(await other.receive(1, 700)).toEqual([]);
    }
    await worker.ack([m!]);
    expect(await other.receive(1, 1_500)).toEqual([]);
    await Promise.all([worker.close(), other.close()]);
  }, 15_000);

  it("hands back what it read ahead when closed, so another worker gets it at once", async () => {
    const { queueUrl } = await freshQueue(30_000);
    const first = openSqsQueue({ client, queueUrl, visibilityMs: 30_000, readAhead: 20 });
    const now = Date.now() - 1;
    await first.send(Array.from({ length: 12 }, (_, i) => item(`j${i}`, now)));
    const got = await first.receive(2, 1_000);
    expect(got).toHaveLength(2);
    await first.close();
    const second = openSqsQueue({ client, queueUrl, visibilityMs: 30_000 });
    const rest = [];
    for (let i = 0; i < 5 && rest.length < 10; i++) rest.push(...(await second.receive(10, 1_000)));
    expect(rest.map((m) => m.key.job_id).sort()).toEqual(["j10", "j11", "j2", "j3", "j4", "j5", "j6", "j7", "j8", "j9"]);
    await second.close();
  }, 15_000);

  it("creates the queue with a redrive policy to its DLQ, idempotently", async () => {
    const prefix = `t${randomUUID().slice(0, 8)}-`;
    const first = await createQueues(client, { prefix, visibilityMs: 5_000, maxReceiveCount: 4 });
    const again = await createQueues(client, { prefix, visibilityMs: 7_000, maxReceiveCount: 4 });
    expect(again).toEqual(first);
    const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: first.queueUrl, AttributeNames: ["All"] }));
    expect(Attributes?.VisibilityTimeout).toBe("7");
    expect(JSON.parse(Attributes!.RedrivePolicy!)).toMatchObject({ maxReceiveCount: 4, deadLetterTargetArn: expect.stringContaining(`${prefix}runs-dlq`) });
  });
});
