import { loadConfig } from "../config.js";
import { formatDuration } from "../core/duration.js";
import { httpProbe } from "../mcp/probe.js";
import { connectService, findService, ServiceUnavailable } from "../service/launch.js";
import { servicePaths, withDataDir } from "../service/paths.js";
import { DUELY_VERSION } from "../version.js";
import { serviceCommand, stopHintFor } from "./bridge.js";

export interface ServiceStartOptions {
  dataDir?: string;
  config?: string;
  db?: string;
}

/**
 * `duely service start`: starts the service of the data dir in the background, exactly as a
 * bridge does when a chat client needs it (detached, its output appended to the log), and waits
 * until it answers. One already running is left as it is. Resolves to the exit code.
 */
export async function serviceStart(opts: ServiceStartOptions, baseEnv: Record<string, string | undefined>): Promise<number> {
  const env = withDataDir(baseEnv, opts.dataDir);
  const config = loadConfig(env, opts.config);
  const paths = servicePaths(config.data_dir);
  const before = await findService(paths, httpProbe);
  try {
    const s = await connectService({
      paths,
      version: DUELY_VERSION,
      probe: httpProbe,
      command: serviceCommand(config.data_dir, opts),
      env,
      stopHint: stopHintFor(config.data_dir, env),
    });
    const what = before ? `already running (up ${formatDuration(Date.now() - Date.parse(s.startedAt))})` : "started";
    process.stdout.write(`duely service ${what}: pid ${s.pid}, ${s.url}\n  data dir  ${paths.dir}\n  log       ${paths.log}\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof ServiceUnavailable)) throw e;
    process.stderr.write(`${e.message}\n`);
    return 1;
  }
}
