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
 * service definitions). V8 reads both only at start, so flags are the one way.
 *
 * - `--max-semi-space-size=2`: V8 lets its young generation grow to 16 MiB a semi-space (48 MiB
 *   reserved) after any burst of work and keeps it; a service that runs a few tasks a day does
 *   not need it, and capped at 2 MiB the heap a month of 100 daily tasks holds drops by ~25 MB at
 *   the same CPU (bench/README.md, Desktop).
 * - `--heap-growing-percent=75`: after each full collection V8 lets the old generation grow to up
 *   to 4× what survived it before the next one (when its heap ceiling is 2 GiB or more, as on
 *   most machines). A spike's claimed runs outlive a scavenge and fill that room with garbage, so
 *   a 100,000-run spike peaked at ~280 MB of RSS for ~40 MB live; at 1.75× it peaks at ~185 MB,
 *   its CPU within the measurements' noise (+15 µs a run, median of six pairs); 1.5× (~175 MB)
 *   cost ~17 % more execution CPU, 2× (~198 MB) left no margin to the 200 MB target (bench/README.md, "Peak memory, second pass"). A factor, not a ceiling: a larger live heap still gets its room. Node
 *   does not take it from NODE_OPTIONS, hence here.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=2", "--heap-growing-percent=75"];

/** The arguments after the node binary, the same on every OS. */
export const serviceArgs = (spec: ServiceSpec): string[] => [...SERVICE_NODE_FLAGS, spec.script, "service", "run", "--data-dir", spec.dataDir];

export const DESCRIPTION = "duely: runs your scheduled tasks while no chat client is open";
