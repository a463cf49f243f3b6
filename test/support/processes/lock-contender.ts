import { acquireInstanceLock, InstanceLocked } from "../../../src/service/instance-lock.js";

// Tries to take the lock at LOCK, says "won" or "locked <pid>" on stdout, holds a win for HOLD_MS.
const lock = await acquireInstanceLock(process.env.LOCK!).catch((e: unknown) => {
  if (e instanceof InstanceLocked) return e;
  throw e;
});
if (lock instanceof InstanceLocked) {
  process.stdout.write(`locked ${lock.pid}\n`);
} else {
  process.stdout.write("won\n");
  await new Promise((r) => setTimeout(r, Number(process.env.HOLD_MS ?? 5000)));
  lock.release();
}
