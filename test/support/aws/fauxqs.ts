// fauxqs@1.9.2 in this process, bound to loopback (startFauxqs() would bind 0.0.0.0).
import { buildApp } from "fauxqs";

export interface Fauxqs {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startFauxqs(): Promise<Fauxqs> {
  const app = buildApp({ logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => app.close() };
}
