import { afterAll } from "vitest";
import { openDynamoAuthStore } from "../../src/adapters/store/dynamodb/dynamodb-auth-store.js";
import { dynamoClient, freshTables } from "../support/aws/clients.js";
import { describeAuthStoreContract } from "./auth-store-contract.js";

const client = dynamoClient();
afterAll(() => client.destroy());

describeAuthStoreContract("dynamodb", async (clock) => {
  const { tables, drop } = await freshTables(client, "auth");
  const store = openDynamoAuthStore({ client, table: tables.auth, clock });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await drop();
    },
  };
});
