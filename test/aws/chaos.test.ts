import { inject } from "vitest";
import { describeChaos } from "../support/chaos/suite.js";

// The production roles on DynamoDB Local + SQS (fauxqs): one API server, two watchers and two
// workers; watchers and workers SIGKILLed every 2–10 s (each role on its own) for 45 s (and at
// least 3 times each) while 10 recurring and 200 one-shot tasks fall due (the full run:
// `npm run chaos -- --backend aws`, docs/reliability.md).
describeChaos(
  "DynamoDB + SQS roles",
  () => ({
    backend: "aws",
    chaosMs: 45_000,
    recurring: 10,
    once: 200,
    live: 5,
    killEveryMs: [2_000, 10_000],
    settleMaxMs: 90_000,
    seed: 1,
    engine: {},
    dynamoDbEndpoint: inject("dynamoDbEndpoint"),
  }),
  { watcher: 3, worker: 3 },
);
