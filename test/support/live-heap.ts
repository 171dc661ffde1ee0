// How much of the heap is in use once garbage is collected, for tests of what a structure holds:
// V8's gc is exposed at run time, so the tests need no flag of their own.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** Bytes of heap in use after a full garbage collection. */
export function liveHeapBytes(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}
