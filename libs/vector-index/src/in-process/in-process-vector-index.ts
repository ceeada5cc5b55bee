import { CollectionConfigMismatch, CollectionNotFound, VectorIndexUnavailable } from '../errors.js';
import {
  assertChunks,
  assertDenseSize,
  assertDocId,
  assertKeepList,
  assertNamespace,
  assertQuery,
} from '../validation.js';
import type {
  IndexedChunk,
  IndexHit,
  IndexLeg,
  LegQuery,
  SparseLeg,
  SparseVector,
  VectorIndex,
} from '../vector-index.port.js';
import { NamespaceIndex } from './namespace-index.js';
import { readSnapshot, snapshotPath, writeSnapshot } from './snapshot-file.js';

export interface InProcessVectorIndexOptions {
  /** Where each namespace is kept as `<namespace>.vindex`; without it the index lives in memory. */
  directory?: string;
}

interface NamespaceState {
  readonly namespace: string;
  index: NamespaceIndex | undefined;
  /** Mutation batches applied in memory. */
  changes: number;
  /** Mutation batches the file on disk covers. */
  persisted: number;
  writing: Promise<void> | undefined;
}

type ExistingState = NamespaceState & { index: NamespaceIndex };

/**
 * The embedded default: the whole index in this process, exact (brute-force dense scan, inverted
 * index for the sparse legs), optionally persisted so a restart needs no re-ingest.
 */
export class InProcessVectorIndex implements VectorIndex {
  private readonly directory: string | undefined;
  private readonly states = new Map<string, Promise<NamespaceState>>();

  constructor(options: InProcessVectorIndexOptions = {}) {
    this.directory = options.directory;
  }

  async ensureCollection(namespace: string, options: { denseSize: number }): Promise<void> {
    assertNamespace(namespace);
    assertDenseSize(options?.denseSize);
    const state = await this.state(namespace);
    if (state.index) {
      if (state.index.denseSize !== options.denseSize) {
        throw new CollectionConfigMismatch(
          namespace,
          `dense size is ${state.index.denseSize}, not ${options.denseSize}`,
        );
      }
      return;
    }
    state.index = new NamespaceIndex(options.denseSize);
    await this.persist(state);
  }

  async upsert(namespace: string, chunks: IndexedChunk[]): Promise<void> {
    assertNamespace(namespace);
    assertChunks(chunks);
    const state = await this.existing(namespace);
    if (chunks.length === 0) return;
    state.index.upsert(chunks);
    await this.persist(state);
  }

  async deleteDocumentChunks(
    namespace: string,
    docId: string,
    keepChunkIds?: string[],
  ): Promise<number> {
    assertNamespace(namespace);
    assertDocId(docId);
    assertKeepList(keepChunkIds);
    const state = await this.existing(namespace);
    const removed = state.index.deleteDocument(docId, new Set(keepChunkIds ?? []));
    if (removed > 0) await this.persist(state);
    return removed;
  }

  async query(
    namespace: string,
    leg: IndexLeg,
    vector: LegQuery,
    limit: number,
  ): Promise<IndexHit[]> {
    assertNamespace(namespace);
    assertQuery(leg, vector, limit);
    const { index } = await this.existing(namespace);
    return leg === 'dense'
      ? index.queryDense(vector as number[], limit)
      : index.querySparse(leg, vector as SparseVector, limit);
  }

  async count(namespace: string): Promise<number> {
    assertNamespace(namespace);
    return (await this.existing(namespace)).index.count;
  }

  async documentChunkIds(namespace: string, docId: string): Promise<string[]> {
    assertNamespace(namespace);
    assertDocId(docId);
    return (await this.existing(namespace)).index.documentChunkIds(docId);
  }

  async close(): Promise<void> {
    for (const pending of this.states.values()) {
      const state = await pending.catch(() => undefined);
      await state?.writing?.catch(() => undefined);
    }
  }

  /** Not part of the port: what a Qdrant-like front (the fake server) reports about a collection. */
  async describeCollection(
    namespace: string,
  ): Promise<{ denseSize: number; pointCount: number } | undefined> {
    assertNamespace(namespace);
    const { index } = await this.state(namespace);
    return index ? { denseSize: index.denseSize, pointCount: index.count } : undefined;
  }

  /** Not part of the port: the IDF inputs (N, n(t)) of a sparse leg, for tests and diagnostics. */
  async sparseStatistics(
    namespace: string,
    leg: SparseLeg,
    token: number,
  ): Promise<{ documentCount: number; frequency: number }> {
    assertNamespace(namespace);
    return (await this.existing(namespace)).index.sparseStatistics(leg, token);
  }

  private state(namespace: string): Promise<NamespaceState> {
    let pending = this.states.get(namespace);
    if (!pending) {
      const loading = this.load(namespace);
      pending = loading;
      this.states.set(namespace, loading);
      // A failed load is not cached: the next call tries the file again.
      loading.catch(() => {
        if (this.states.get(namespace) === loading) this.states.delete(namespace);
      });
    }
    return pending;
  }

  private async existing(namespace: string): Promise<ExistingState> {
    const state = await this.state(namespace);
    if (!state.index) throw new CollectionNotFound(namespace);
    return state as ExistingState;
  }

  private async load(namespace: string): Promise<NamespaceState> {
    const state: NamespaceState = {
      namespace,
      index: undefined,
      changes: 0,
      persisted: 0,
      writing: undefined,
    };
    if (this.directory === undefined) return state;
    const path = snapshotPath(this.directory, namespace);
    try {
      const snapshot = await readSnapshot(path);
      if (snapshot) {
        state.index = NamespaceIndex.restore(snapshot.denseSize, snapshot.records, snapshot.dense);
      }
    } catch (error) {
      throw new VectorIndexUnavailable(`Could not load vector index file ${path}`, {
        cause: error,
      });
    }
    return state;
  }

  /**
   * Makes the current in-memory state durable before the mutation resolves. Batches that arrive
   * while a write is running share the next write (group commit) instead of queueing one each.
   */
  private async persist(state: NamespaceState): Promise<void> {
    const directory = this.directory;
    if (directory === undefined) return;
    state.changes += 1;
    const wanted = state.changes;
    while (state.persisted < wanted) {
      if (state.writing) {
        await state.writing.catch(() => undefined);
        continue;
      }
      const covering = state.changes;
      const index = state.index!;
      const snapshot = { denseSize: index.denseSize, ...index.snapshot() };
      const writing = writeSnapshot(directory, state.namespace, snapshot)
        .then(() => {
          state.persisted = Math.max(state.persisted, covering);
        })
        .finally(() => {
          if (state.writing === writing) state.writing = undefined;
        });
      state.writing = writing;
      try {
        await writing;
      } catch (error) {
        throw new VectorIndexUnavailable(
          `Could not write vector index file ${snapshotPath(directory, state.namespace)}`,
          { cause: error },
        );
      }
    }
  }
}
