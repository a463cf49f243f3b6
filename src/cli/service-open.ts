import { spawn } from "node:child_process";
import { httpProbe } from "../mcp/probe.js";
import { findService } from "../service/launch.js";
import { pathsFor } from "./service-admin.js";

type Env = Record<string, string | undefined>;

/** The platform's "open this URL" command. */
function opener(url: string): [string, string[]] {
  if (process.platform === "darwin") return ["open", [url]];
  // `start` is a cmd built-in; its first quoted argument is a window title.
  if (process.platform === "win32") return ["cmd", ["/c", "start", '""', url]];
  return ["xdg-open", [url]];
}

/**
 * `duely service open`: asks the running service of the data dir for a one-time dashboard link
 * (with the secret, which only this user can read), prints it and opens it in the browser. The
 * link works once, within two minutes; the page it opens keeps its session for the tab.
 */
export async function serviceOpen(opts: { dataDir?: string; browser?: boolean }, env: Env): Promise<number> {
  const paths = pathsFor(opts.dataDir, env);
  const running = await findService(paths, httpProbe);
  if (!running) {
    process.stderr.write(
      `duely service is not running for ${paths.dir}. Start it with \`duely service start\` (a chat app starts it through \`duely serve\`; \`duely service install\` starts it at login).\n`,
    );
    return 1;
  }
  const res = await fetch(new URL("/dashboard/ticket", running.url), { method: "POST", headers: { authorization: `Bearer ${running.secret}` } });
  if (!res.ok) {
    process.stderr.write(`duely service (pid ${running.pid}) gave no dashboard link: HTTP ${res.status}. \`duely service stop\`, then start it again.\n`);
    return 1;
  }
  const { url } = (await res.json()) as { url: string };
  process.stdout.write(`${url}\n`);
  if (opts.browser === false) return 0;
  const [command, args] = opener(url);
  const child = spawn(command, args, { detached: true, stdio: "ignore", windowsHide: true });
  child.on("error", () => process.stderr.write(`Could not start ${command}; open the link above in your browser.\n`));
  child.unref();
  return 0;
}
