import { afterAll } from "vitest";
import { dynamoPresence, dynamoShardLeases } from "../../src/adapters/lease/dynamodb-leases.js";
import { dynamoClient, freshTables } from "../support/aws/clients.js";
import { describePresenceContract } from "./presence-contract.js";

const client = dynamoClient();
afterAll(() => client.destroy());

describePresenceContract("dynamodb", async () => {
  const { tables, drop } = await freshTables(client, "presence");
  return { presence: dynamoPresence({ client, table: tables.leases }), leases: dynamoShardLeases({ client, table: tables.leases }), cleanup: drop };
});
