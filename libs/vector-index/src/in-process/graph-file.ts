import { randomUUID } from 'node:crypto';
import { open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

// A namespace's dense graph lives beside its snapshot as `<namespace>.<uuid>.usearch`. Each
// snapshot write saves a new file and names it in the snapshot's header, so the file a snapshot
// names is never overwritten; namespaces hold no '.', so the prefix is the namespace's alone.

const SUFFIX = '.usearch';

export function newGraphFileName(namespace: string): string {
  return `${namespace}.${randomUUID()}${SUFFIX}`;
}

/** Makes a file the native library wrote durable (it does not flush what it saves). */
export async function flushFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Removes the namespace's graph files except `keep`: those of earlier snapshots, and any a crash
 * left between saving a graph and renaming its snapshot into place.
 */
export async function removeStaleGraphs(
  directory: string,
  namespace: string,
  keep: string | null,
): Promise<void> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const stale = names.filter(
    (name) => name.startsWith(`${namespace}.`) && name.endsWith(SUFFIX) && name !== keep,
  );
  await Promise.all(stale.map((name) => rm(join(directory, name), { force: true })));
}
