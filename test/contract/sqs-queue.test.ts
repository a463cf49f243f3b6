import { GetQueueAttributesCommand } from "@aws-sdk/client-sqs";
import { describe, expect, it } from "vitest";
import { openSqsQueue } from "../../src/adapters/queue/sqs/sqs-queue.js";
import { createQueues } from "../../src/cli/aws-init.js";
import { killableSqsClient, uniquePrefix } from "../support/aws/clients.js";
import { awsFixture } from "../support/aws/fixture.js";
import { describeQueueContract } from "./queue-contract.js";

const aws = awsFixture({ queues: true });

const freshQueue = (visibilityMs = 2_000) => aws.queues("sqs", { visibilityMs, maxReceiveCount: 3 });

describeQueueContract("sqs", async () => {
  const visibilityMs = 2_000;
  const { queueUrl, dlqUrl } = await freshQueue(visibilityMs);
  const queue = openSqsQueue({ client: aws.sqs(), queueUrl, dlqUrl, visibilityMs });
  return { queue, visibilityMs, cleanup: () => queue.close() };
});

describe("SQS delay queue, beyond the port", () => {
  const item = (job: string, dueAt: number) => ({ key: { job_id: job, scheduled_at: dueAt }, owner: "alice", dueAt });

  it("refuses a run due beyond SQS's 15-minute delay, sending nothing", async () => {
    const { queueUrl } = await freshQueue();
    const queue = openSqsQueue({ client: aws.sqs(), queueUrl, visibilityMs: 2_000 });
    const now = Date.now();
    await expect(queue.send([item("ok", now + 1_000), item("far", now + 16 * 60_000)])).rejects.toMatchObject({ code: "invalid_argument", field: "dueAt" });
    expect(await queue.size()).toBe(0);
    await queue.close();
  });

  it("keeps a message it holds from redelivery while the worker extends it, and not after ack", async () => {
    const { queueUrl } = await freshQueue(1_000);
    const worker = openSqsQueue({ client: aws.sqs(), queueUrl, visibilityMs: 1_000 });
    const other = openSqsQueue({ client: aws.sqs(), queueUrl, visibilityMs: 1_000 });
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

  const receiveAll = async (queue: ReturnType<typeof openSqsQueue>, n: number, withinMs: number) => {
    const got: string[] = [];
    const until = Date.now() + withinMs;
    while (got.length < n && Date.now() < until) got.push(...(await queue.receive(10, Math.min(1_000, until - Date.now()))).map((m) => m.key.job_id));
    return got.sort();
  };

  it("a killed worker's unclaimed messages (read ahead, or handed out and not claimed) reach another worker within seconds", async () => {
    const { queueUrl } = await freshQueue(30_000);
    const dying = killableSqsClient(aws.fauxqs().endpoint);
    const first = openSqsQueue({ client: dying.client, queueUrl, visibilityMs: 30_000, readAhead: 20 });
    const other = openSqsQueue({ client: aws.sqs(), queueUrl, visibilityMs: 30_000 });
    const now = Date.now() - 1;
    await first.send(Array.from({ length: 12 }, (_, i) => item(`k${i}`, now)));
    expect(await first.receive(2, 1_000)).toHaveLength(2);
    // While the first worker lives, what it holds stays hidden past the short visibility.
    expect(await other.receive(10, 4_500)).toEqual([]);
    dying.kill();
    const killedAt = Date.now();
    const got = await receiveAll(other, 12, 10_000);
    expect(got).toHaveLength(12);
    expect(Date.now() - killedAt).toBeLessThan(6_000);
    await Promise.all([first.close(), other.close()]);
    dying.client.destroy();
  }, 30_000);

  it("keeps a waiting message hidden while its worker lives, returns it within seconds once the worker dies", async () => {
    const { queueUrl } = await freshQueue(30_000);
    const dying = killableSqsClient(aws.fauxqs().endpoint);
    const first = openSqsQueue({ client: dying.client, queueUrl, visibilityMs: 30_000 });
    const other = openSqsQueue({ client: aws.sqs(), queueUrl, visibilityMs: 30_000 });
    await first.send([item("held-back", Date.now() - 1)]);
    const [m] = await first.receive(1, 2_000);
    // Held back by its owner's rate for a minute, as the worker's RateHold does.
    await first.extend(m!, 60_000, { waiting: true });
    expect(await other.receive(1, 4_500)).toEqual([]);
    dying.kill();
    expect(await receiveAll(other, 1, 6_000)).toEqual(["held-back"]);
    await Promise.all([first.close(), other.close()]);
    dying.client.destroy();
  }, 30_000);

  it("hands back every message it keeps unclaimed when closed: read ahead, handed out, waiting", async () => {
    const { queueUrl } = await freshQueue(30_000);
    const first = openSqsQueue({ client: aws.sqs(), queueUrl, visibilityMs: 30_000, readAhead: 5 });
    const now = Date.now() - 1;
    await first.send(["a", "b", "c", "d", "e"].map((j) => item(j, now)));
    const got = await first.receive(2, 1_000);
    expect(got).toHaveLength(2);
    await first.extend(got[0]!, 60_000, { waiting: true });
    await first.close();
    const second = openSqsQueue({ client: aws.sqs(), queueUrl, visibilityMs: 30_000 });
    expect(await receiveAll(second, 5, 2_500)).toEqual(["a", "b", "c", "d", "e"]);
    await second.close();
  }, 15_000);

  it("creates the queue with a redrive policy to its DLQ, idempotently", async () => {
    const prefix = uniquePrefix("redrive");
    const first = await createQueues(aws.sqs(), { prefix, visibilityMs: 5_000, maxReceiveCount: 4 });
    const again = await createQueues(aws.sqs(), { prefix, visibilityMs: 7_000, maxReceiveCount: 4 });
    expect(again).toEqual(first);
    const { Attributes } = await aws.sqs().send(new GetQueueAttributesCommand({ QueueUrl: first.queueUrl, AttributeNames: ["All"] }));
    expect(Attributes?.VisibilityTimeout).toBe("7");
    expect(JSON.parse(Attributes!.RedrivePolicy!)).toMatchObject({ maxReceiveCount: 4, deadLetterTargetArn: expect.stringContaining(`${prefix}runs-dlq`) });
  });
});
