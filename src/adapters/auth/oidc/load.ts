import type { Logger } from "../../../ports/logger.js";

/** The line oidc-provider prints (console.warn) when first imported on a Node it does not support. */
const ITS_WARNING = "oidc-provider WARNING: Unsupported runtime";
/** oidc-provider supports the LTS lines from "Jod" (Node 22) on. */
const SUPPORTED_SINCE_MAJOR = 22;

/**
 * What running the built-in authorization server on this Node means, in duely's words, or null
 * where oidc-provider supports it. Node 20 reached its end of life on 2026-04-30.
 */
export function runtimeNotice(nodeVersion: string): string | null {
  const major = Number(/^v?(\d+)/.exec(nodeVersion)?.[1]);
  if (major >= SUPPORTED_SINCE_MAJOR) return null;
  return (
    `the built-in authorization server runs on Node ${nodeVersion}, which oidc-provider (the OAuth library under it) no longer supports ` +
    "and which gets no security fixes since its end of life (April 2026 for Node 20). It works (duely's tests run it there), " +
    "but a server others can reach should run on Node 22 or later."
  );
}

/**
 * Imports the built-in authorization server with oidc-provider's unexplained runtime warning
 * held back, and says once what it means instead. console.warn is replaced only while the
 * import runs (the warning comes from evaluating oidc-provider's entry module), and every other
 * line passes through.
 */
export async function loadBuiltinAuthorizationServer(log: Logger, nodeVersion = process.version) {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes(ITS_WARNING)) return;
    warn(...args);
  };
  try {
    const loaded = await import("./authorization-server.js");
    const notice = runtimeNotice(nodeVersion);
    if (notice) log.log("warn", notice, { node: nodeVersion });
    return loaded;
  } finally {
    console.warn = warn;
  }
}
