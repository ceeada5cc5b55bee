import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// The bench runs without --expose-gc; the flag can still be set at run time, and a new context
// then sees `gc`. Collecting before each reading leaves live memory, not garbage, in the numbers.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Memory after a full collection: what is held, not what awaits collection. */
export function settledMemory(): NodeJS.MemoryUsage {
  collect();
  return process.memoryUsage();
}
