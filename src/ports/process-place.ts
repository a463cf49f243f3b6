/**
 * Where this process runs, as far as another process can tell for certain whether it is dead.
 * Only on one machine and in one PID namespace does a pid name one process, and only there can
 * a process that is gone be known gone (its pid no longer exists) rather than guessed gone from
 * a heartbeat standing still.
 */
export interface ProcessPlace {
  /**
   * This machine's boot and PID namespace, the same string for every process that shares them;
   * null where it cannot be told (not Linux), and then no process is judged by its pid.
   */
  readonly here: string | null;
  /** This process's pid. */
  readonly pid: number;
  /**
   * Whether process `pid` of this place may be alive. MUST answer false only when no such process
   * exists; a pid reused by another process, or one this process may not signal, answers true (the
   * safe side: its owner is then judged by its heartbeat as before).
   */
  alive(pid: number): boolean;
}
