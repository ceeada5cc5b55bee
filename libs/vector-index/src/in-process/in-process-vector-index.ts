import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
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
import { DenseAnn } from './dense-ann.js';
import { flushFile, newGraphFileName, removeStaleGraphs } from './graph-file.js';
import {
  DEFAULT_DENSE_SEARCH,
  type DenseSearchSettings,
  NamespaceIndex,
} from './namespace-index.js';
import { readSnapshot, type Snapshot, snapshotPath, writeSnapshot } from './snapshot-file.js';

export interface InProcessVectorIndexOptions {
  /**
   * Where each namespace is kept as `<namespace>.vindex` (and, once it has one, its dense graph as
   * `<namespace>.<uuid>.usearch`); without it the index lives in memory.
   */
  directory?: string;
  /** How the dense leg searches; the defaults suit 1024-d embeddings. */
  denseSearch?: Partial<DenseSearchSettings>;
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
 * The embedded default: the whole index in this process (dense leg: an exact scan while small,
 * then a scan of 8-bit copies, then an HNSW graph, the candidates of both rescored exactly; sparse
 * legs: inverted indexes),
 * optionally persisted, graph included, so a restart needs no re-ingest and no graph rebuild.
 */
export class InProcessVectorIndex implements VectorIndex {
  private readonly directory: string | undefined;
  private readonly denseSearch: DenseSearchSettings;
  private readonly states = new Map<string, Promise<NamespaceState>>();

  constructor(options: InProcessVectorIndexOptions = {}) {
    this.directory = options.directory;
    this.denseSearch = { ...DEFAULT_DENSE_SEARCH, ...options.denseSearch };
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
    state.index = new NamespaceIndex(options.denseSize, this.denseSearch);
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

  /**
   * Not part of the port: the dense leg by scoring every point, whatever the namespace's size; what
   * the graph's answers are measured against (recall).
   */
  async exactDenseQuery(namespace: string, vector: number[], limit: number): Promise<IndexHit[]> {
    assertNamespace(namespace);
    assertQuery('dense', vector, limit);
    return (await this.existing(namespace)).index.queryDenseExact(vector, limit);
  }

  /**
   * Not part of the port: whether the dense leg searches through a graph yet ('none' while the
   * namespace is scanned), and whether that graph was loaded from disk or built in this process.
   */
  async denseGraph(namespace: string): Promise<'none' | 'loaded' | 'built'> {
    assertNamespace(namespace);
    return (await this.existing(namespace)).index.graph;
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
    const directory = this.directory;
    if (directory === undefined) return state;
    const path = snapshotPath(directory, namespace);
    try {
      const snapshot = await readSnapshot(path);
      if (snapshot) {
        const graph = this.loadGraph(directory, snapshot);
        state.index = NamespaceIndex.restore(snapshot.denseSize, snapshot, this.denseSearch, graph);
      }
      await removeStaleGraphs(directory, namespace, snapshot?.graph ?? null);
    } catch (error) {
      throw new VectorIndexUnavailable(`Could not load vector index file ${path}`, {
        cause: error,
      });
    }
    return state;
  }

  /**
   * The graph saved with the snapshot. A missing or unreadable one is not fatal: the snapshot holds
   * every vector, so the graph is built again from them (slower to start, same answers).
   */
  private loadGraph(directory: string, snapshot: Snapshot): DenseAnn | undefined {
    if (!snapshot.graph) return undefined;
    try {
      return DenseAnn.load(join(directory, snapshot.graph), snapshot.denseSize, this.denseSearch);
    } catch {
      return undefined;
    }
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
      let snapshot: Snapshot;
      try {
        snapshot = this.capture(directory, state.namespace, state.index!);
      } catch (error) {
        throw writeFailed(directory, state.namespace, error);
      }
      const writing = this.write(directory, state.namespace, snapshot)
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
        throw writeFailed(directory, state.namespace, error);
      }
    }
  }

  /**
   * The points and their graph as they are now, in one synchronous step (the graph is saved by the
   * native library into a new file), so later writes cannot make them disagree.
   */
  private capture(directory: string, namespace: string, index: NamespaceIndex): Snapshot {
    const graph = index.hasGraph ? newGraphFileName(namespace) : null;
    if (graph) {
      mkdirSync(directory, { recursive: true });
      index.saveGraph(join(directory, graph));
    }
    return { denseSize: index.denseSize, graph, ...index.snapshot() };
  }

  /** Graph flushed before the snapshot naming it is renamed into place; older graphs go after. */
  private async write(directory: string, namespace: string, snapshot: Snapshot): Promise<void> {
    try {
      if (snapshot.graph) await flushFile(join(directory, snapshot.graph));
      await writeSnapshot(directory, namespace, snapshot);
    } catch (error) {
      if (snapshot.graph) await rm(join(directory, snapshot.graph), { force: true });
      throw error;
    }
    await removeStaleGraphs(directory, namespace, snapshot.graph);
  }
}

function writeFailed(directory: string, namespace: string, cause: unknown): VectorIndexUnavailable {
  return new VectorIndexUnavailable(
    `Could not write vector index file ${snapshotPath(directory, namespace)}`,
    { cause },
  );
}
