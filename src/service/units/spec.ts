/** What every OS service definition runs: `<node> <script> service run --data-dir <dir>`, with its environment. */
export interface ServiceSpec {
  /** A name for the service manager, unique per data dir ("duely" for the default one). */
  name: string;
  /** Absolute path of the node binary that runs duely. */
  node: string;
  /** Absolute path of duely's CLI script (dist/cli/main.js). */
  script: string;
  dataDir: string;
  /** The service's output is appended here (`duely service logs` reads it). */
  log: string;
  /** Variables the service runs with (DUELY_DATA_DIR, DUELY_CONFIG, …): names to values. */
  env: Readonly<Record<string, string>>;
}

/** The arguments after the node binary, the same on every OS. */
export const serviceArgs = (spec: ServiceSpec): string[] => [spec.script, "service", "run", "--data-dir", spec.dataDir];

export const DESCRIPTION = "duely: runs your scheduled tasks while no chat client is open";
