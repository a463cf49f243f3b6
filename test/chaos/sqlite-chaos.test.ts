import { describeChaos } from "../support/chaos/suite.js";

// `duely serve --http` on one SQLite file, SIGKILLed every 2–10 s and restarted for 40 s (and at
// least 4 times) while 20 recurring and 200 one-shot tasks fall due (the full run: `npm run
// chaos`, docs/reliability.md).
describeChaos(
  "embedded SQLite server",
  () => ({ backend: "sqlite", chaosMs: 40_000, recurring: 20, once: 200, live: 10, killEveryMs: [2_000, 10_000], settleMaxMs: 90_000, seed: 1, engine: {} }),
  { serve: 4 },
);
