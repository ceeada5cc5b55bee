import { randomUUID } from 'node:crypto';
import { endianness } from 'node:os';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { NamespaceSnapshot, StoredChunk } from './namespace-index.js';

/**
 * One file per namespace, `<namespace>.vindex`:
 *
 *   line 1   JSON header {format, version, namespace, denseSize, count, graph}
 *   then     count × denseSize little-endian float32: the unit-normalised dense vectors, in order
 *   then     count little-endian float64: each point's key in the dense graph (version 2 on)
 *   then     count lines of JSON: the rest of each point (ids, payload, sparse vectors), same order
 *
 * `graph` names the file beside it holding the dense leg's HNSW graph of exactly these points
 * (`<namespace>.<uuid>.usearch`), or is null while the namespace is small enough to scan. Version
 * 1 files (no keys, no graph) are still read: their points get keys 0..count-1.
 *
 * Dense vectors are raw bytes because JSON would make a 1024-d vector ~20 KB and loading slow;
 * the rest stays readable. Lines are decoded in blocks so no string nears V8's length limit.
 */

const FORMAT = 'support-vector-index';
const VERSION = 2;
const READABLE_VERSIONS = [1, 2];
const NEWLINE = 0x0a;
const IO_CHUNK_BYTES = 64 * 1024 * 1024;
const LINE_BATCH_CHARS = 1024 * 1024;
const READ_BLOCK_BYTES = 16 * 1024 * 1024;
const HEADER_PROBE_BYTES = 64 * 1024;

interface SnapshotHeader {
  format: typeof FORMAT;
  version: number;
  namespace: string;
  denseSize: number;
  count: number;
  graph?: string | null;
}

export interface Snapshot extends NamespaceSnapshot {
  denseSize: number;
  /** The graph file's name in the same directory, written and flushed before this snapshot. */
  graph: string | null;
}

export class SnapshotCorrupt extends Error {
  constructor(path: string, reason: string) {
    super(`Vector index file ${path} is unreadable: ${reason}`);
    this.name = 'SnapshotCorrupt';
  }
}

export function snapshotPath(directory: string, namespace: string): string {
  return join(directory, `${namespace}.vindex`);
}

/** The stored snapshot, or undefined when the namespace was never written. */
export async function readSnapshot(path: string): Promise<Snapshot | undefined> {
  assertLittleEndian();
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, HEADER_PROBE_BYTES));
    await readAll(handle, head, 0);
    const headerEnd = head.indexOf(NEWLINE);
    if (headerEnd < 0) throw new SnapshotCorrupt(path, 'no header line');
    let header: SnapshotHeader;
    try {
      header = JSON.parse(head.toString('utf8', 0, headerEnd)) as SnapshotHeader;
    } catch {
      throw new SnapshotCorrupt(path, 'the header is not JSON');
    }
    if (header.format !== FORMAT || !READABLE_VERSIONS.includes(header.version)) {
      throw new SnapshotCorrupt(path, `unknown format ${header.format} v${header.version}`);
    }
    const { denseSize, count } = header;
    const denseStart = headerEnd + 1;
    const denseBytes = count * denseSize * 4;
    const keysBytes = header.version >= 2 ? count * 8 : 0;
    const recordsStart = denseStart + denseBytes + keysBytes;
    if (size < recordsStart) throw new SnapshotCorrupt(path, 'truncated');
    // Read straight into the vectors' memory: no intermediate copy of the largest section.
    const dense = new Float32Array(count * denseSize);
    await readAll(handle, new Uint8Array(dense.buffer), denseStart);
    const keys = new Float64Array(count);
    if (keysBytes > 0) await readAll(handle, new Uint8Array(keys.buffer), denseStart + denseBytes);
    else keys.forEach((_, i) => (keys[i] = i));
    const text = Buffer.alloc(size - recordsStart);
    await readAll(handle, text, recordsStart);
    const records = parseRecords(text, path);
    if (records.length !== count) {
      throw new SnapshotCorrupt(path, `${records.length} records for a count of ${count}`);
    }
    return { denseSize, records, dense, keys, graph: header.graph ?? null };
  } finally {
    await handle.close();
  }
}

/** JSON lines, decoded in blocks: one string per line is slow, one for the file too long. */
function parseRecords(text: Buffer, path: string): StoredChunk[] {
  const records: StoredChunk[] = [];
  if (text.length > 0 && text[text.length - 1] !== NEWLINE) {
    throw new SnapshotCorrupt(path, 'the last record is cut');
  }
  let position = 0;
  while (position < text.length) {
    let end = text.lastIndexOf(NEWLINE, Math.min(position + READ_BLOCK_BYTES, text.length) - 1);
    if (end < position) end = text.indexOf(NEWLINE, position);
    for (const line of text.toString('utf8', position, end).split('\n')) {
      try {
        records.push(JSON.parse(line) as StoredChunk);
      } catch {
        throw new SnapshotCorrupt(path, `record ${records.length + 1} is not JSON`);
      }
    }
    position = end + 1;
  }
  return records;
}

/**
 * Writes the snapshot to a temporary file in the same directory, flushes it to disk, then renames
 * it over the old one: a reader (or a restart after a crash) sees the old file or the new one,
 * never a torn one.
 */
export async function writeSnapshot(
  directory: string,
  namespace: string,
  snapshot: Snapshot,
): Promise<void> {
  assertLittleEndian();
  await mkdir(directory, { recursive: true });
  const path = snapshotPath(directory, namespace);
  const temporary = `${path}.${randomUUID()}.tmp`;
  const header: SnapshotHeader = {
    format: FORMAT,
    version: VERSION,
    namespace,
    denseSize: snapshot.denseSize,
    count: snapshot.records.length,
    graph: snapshot.graph,
  };
  try {
    const handle = await open(temporary, 'w');
    try {
      await writeAll(handle, Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'));
      const { dense, keys } = snapshot;
      await writeAll(handle, new Uint8Array(dense.buffer, dense.byteOffset, dense.byteLength));
      await writeAll(handle, new Uint8Array(keys.buffer, keys.byteOffset, keys.byteLength));
      let batch: string[] = [];
      let batchChars = 0;
      for (const record of snapshot.records) {
        const line = `${JSON.stringify(record)}\n`;
        batch.push(line);
        batchChars += line.length;
        if (batchChars >= LINE_BATCH_CHARS) {
          await writeAll(handle, Buffer.from(batch.join(''), 'utf8'));
          batch = [];
          batchChars = 0;
        }
      }
      if (batch.length > 0) await writeAll(handle, Buffer.from(batch.join(''), 'utf8'));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(directory);
}

async function readAll(handle: FileHandle, into: Uint8Array, position: number): Promise<void> {
  let offset = 0;
  while (offset < into.length) {
    const length = Math.min(into.length - offset, IO_CHUNK_BYTES);
    const { bytesRead } = await handle.read(into, offset, length, position + offset);
    if (bytesRead === 0) throw new Error('unexpected end of file');
    offset += bytesRead;
  }
}

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const length = Math.min(bytes.length - offset, IO_CHUNK_BYTES);
    const { bytesWritten } = await handle.write(bytes, offset, length);
    offset += bytesWritten;
  }
}

/** Makes the rename itself durable; some platforms cannot open a directory, which is harmless. */
async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch {
    // Best effort: the data is already flushed, only the rename may be replayed by the OS.
  } finally {
    await handle?.close();
  }
}

function assertLittleEndian(): void {
  if (endianness() !== 'LE') {
    throw new Error('The in-process vector index file format needs a little-endian machine');
  }
}
