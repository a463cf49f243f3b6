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

/**
 * Node flags every launcher of the service gives it (the bridge, `duely service start`, the OS
 * service definitions). V8 lets its young generation grow to 16 MiB a semi-space (48 MiB
 * reserved) after any burst of work and keeps it; a service that runs a few tasks a day does not
 * need it, and capped at 2 MiB the heap a month of 100 daily tasks holds drops by ~25 MB at the
 * same CPU (bench/README.md, Desktop). It is read only at start, so a flag is the one way.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=2"];

/** The arguments after the node binary, the same on every OS. */
export const serviceArgs = (spec: ServiceSpec): string[] => [...SERVICE_NODE_FLAGS, spec.script, "service", "run", "--data-dir", spec.dataDir];

export const DESCRIPTION = "duely: runs your scheduled tasks while no chat client is open";
