// Apart from http.ts so that `duely serve` can check its flags without loading the MCP server.

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** Whether `host` names this machine's loopback interface (where an unauthenticated server may listen). */
export const isLoopbackHost = (host: string): boolean => LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
