/**
 * What a node process's resident memory is made of, from its own /proc/self/smaps and V8's
 * statistics, in MB (bench/README.md, Desktop, "the memory rows explained"). Linux only.
 *
 * - file pages (clean, shared with every process mapping the same file, dropped first when memory
 *   is short): the node binary's code (r-x) and its read-only data (r--, most of it ICU's data,
 *   which Intl's time zones and formats touch), shared libraries, native addons (better-sqlite3's
 *   SQLite), other files;
 * - private memory: V8's heap as resident (of it, code space), and the rest, native: glibc's main
 *   malloc arena ([heap]: node's and SQLite's allocations on the main thread), the main stack, and
 *   other anonymous mappings (other threads' arenas and stacks, a worker thread's isolate, large
 *   allocations).
 */
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import v8 from "node:v8";

const mb = (kb) => Math.round((kb / 1024) * 10) / 10;

export function memorySplit() {
  const node = realpathSync(process.execPath);
  const kb = {
    nodeCode: 0,
    nodeData: 0,
    libraries: 0,
    addons: 0,
    otherFiles: 0,
    mallocMainArena: 0,
    mainStack: 0,
    otherAnon: 0,
  };
  let current = null;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      const [, perms, inode, path] = head;
      if (path === "[heap]") current = "mallocMainArena";
      else if (path === "[stack]") current = "mainStack";
      else if (inode === "0" || path.startsWith("[")) current = "otherAnon";
      else if (path === node) current = perms.includes("x") ? "nodeCode" : "nodeData";
      else if (path.endsWith(".node")) current = "addons";
      else if (/\.so(\.|$)/.test(path)) current = "libraries";
      else current = "otherFiles";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) kb[current] += Number(rss[1]);
  }
  // Private (written) pages of file mappings (relocations, .data) count as file pages here, as
  // the kernel's RssFile does; they are a few hundred kB.
  const status = readFileSync("/proc/self/status", "utf8");
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  const spaces = v8.getHeapSpaceStatistics();
  const resident = spaces.reduce((s, x) => s + x.physical_space_size, 0) / 1024;
  const code = spaces.filter((x) => x.space_name.startsWith("code")).reduce((s, x) => s + x.physical_space_size, 0) / 1024;
  const u = process.memoryUsage();
  const anon = field("RssAnon");
  return {
    rss: mb(field("VmRSS")),
    fileRss: mb(field("RssFile") + field("RssShmem")),
    anonRss: mb(anon),
    file: { nodeCode: mb(kb.nodeCode), nodeData: mb(kb.nodeData), libraries: mb(kb.libraries), addons: mb(kb.addons), otherFiles: mb(kb.otherFiles) },
    v8: { used: mb(u.heapUsed / 1024), committed: mb(u.heapTotal / 1024), resident: mb(resident), codeResident: mb(code) },
    native: {
      total: mb(anon - resident),
      mallocMainArena: mb(kb.mallocMainArena),
      mainStack: mb(kb.mainStack),
      // The rest of the private memory: other threads' malloc arenas and stacks, large
      // allocations, file pages written to (relocations), less V8's heap, which lives in
      // anonymous mappings too.
      other: mb(anon - resident - kb.mallocMainArena - kb.mainStack),
      external: mb(u.external / 1024),
    },
    threads: readdirSync("/proc/self/task").length,
  };
}
