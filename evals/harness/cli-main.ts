import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** Runs `main` when the module at `moduleUrl` is the script node was started with (not when imported by a test). */
export function runIfMain(moduleUrl: string, main: (argv: string[]) => Promise<number>): void {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(resolve(process.argv[1])).href) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(2);
    },
  );
}
