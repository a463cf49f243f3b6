import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newDynamoDbClient } from "../../src/adapters/aws/client-config.js";
import { dynamoBackend } from "../../src/adapters/backend/dynamodb-backend.js";
import { resolveConfig } from "../../src/config.js";
import { backendFor, openAuthStore, openEngine } from "../../src/main.js";
import type { ActionRunner } from "../../src/ports/action.js";
import type { Clock } from "../../src/ports/clock.js";
import { silentLogger } from "../../src/ports/logger.js";

// Opening the parts sends nothing: the endpoint is never reached, so a closed port does.
const NOWHERE = "http://127.0.0.1:9";
const config = resolveConfig(
  {
    store: { kind: "dynamodb", region: "eu-west-1", endpoint: NOWHERE },
    queue: { kind: "sqs", region: "eu-west-1", endpoint: NOWHERE, queue_url: `${NOWHERE}/000000000000/duely-runs` },
  },
  {},
);
const clock: Clock = { now: () => Date.parse("2026-03-01T09:00:00Z") };
const actions: ActionRunner = {
  async run() {
    throw new Error("no run happens here");
  },
};
const env = { AWS_ACCESS_KEY_ID: "", AWS_PROFILE: "" };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a backend owns its clients", () => {
  it("gives the store, the rate limits, the leases and the auth store one DynamoDB client, destroyed when the last of them closes", async () => {
    const made: DynamoDBClient[] = [];
    const backend = dynamoBackend({
      store: config.store as never,
      queue: config.queue as never,
      shards: 16,
      leadMs: 0,
      env,
      log: silentLogger,
      newClient: (...args) => {
        const client = newDynamoDbClient(...args);
        made.push(client);
        return client;
      },
    });
    const destroyed = vi.spyOn(DynamoDBClient.prototype, "destroy");
    const store = await backend.openStore(clock);
    const limits = await backend.openLimitState(clock);
    const coordination = backend.openCoordination();
    const auth = await backend.openAuthStore(clock);
    expect(made).toHaveLength(1);
    expect(coordination).not.toBeNull();

    await store.close();
    await limits.close();
    coordination!.close();
    expect(destroyed).not.toHaveBeenCalled();
    await auth.close();
    await auth.close();
    expect(destroyed).toHaveBeenCalledTimes(1);
    expect(destroyed.mock.contexts[0]).toBe(made[0]);

    // Opened again after all closed: a fresh client, as the old one is gone.
    const again = await backend.openStore(clock);
    expect(made).toHaveLength(2);
    await again.close();
    expect(destroyed).toHaveBeenCalledTimes(2);
  });

  it("opens an engine on DynamoDB with one DynamoDB client (store, limits, leases) and destroys it when the engine stops", async () => {
    const destroyed = vi.spyOn(DynamoDBClient.prototype, "destroy");
    const engine = await openEngine(config, { roles: [], clock, actions, log: silentLogger, env });
    await engine.stop();
    expect(destroyed).toHaveBeenCalledTimes(1);
  });

  it("lets the authorization server's store share the engine's client when both open from one backend", async () => {
    const destroyed = vi.spyOn(DynamoDBClient.prototype, "destroy");
    const backend = await backendFor(config, { env, log: silentLogger });
    const engine = await openEngine(config, { roles: [], clock, actions, log: silentLogger, env, backend });
    const auth = await openAuthStore(config, env, clock, silentLogger, backend);
    await engine.stop();
    expect(destroyed).not.toHaveBeenCalled();
    await auth.close();
    expect(destroyed).toHaveBeenCalledTimes(1);
  });
});
