import type { IndexLeg, VectorIndex } from '@support/vector-index';

/** How long a `slow` leg takes: well inside the tests' leg timeout of 400 ms. */
const SLOW_MS = 150;

/** The real index with legs that can be made slow, hang or fail, like a loaded or broken Qdrant. */
export class FaultyIndex implements VectorIndex {
  readonly faults = new Map<IndexLeg, 'slow' | 'hang' | 'fail'>();
  constructor(private readonly inner: VectorIndex) {}
  ensureCollection: VectorIndex['ensureCollection'] = (...a) => this.inner.ensureCollection(...a);
  upsert: VectorIndex['upsert'] = (...a) => this.inner.upsert(...a);
  deleteDocumentChunks: VectorIndex['deleteDocumentChunks'] = (...a) =>
    this.inner.deleteDocumentChunks(...a);
  count: VectorIndex['count'] = (...a) => this.inner.count(...a);
  documentChunkIds: VectorIndex['documentChunkIds'] = (...a) => this.inner.documentChunkIds(...a);
  query: VectorIndex['query'] = async (namespace, leg, vector, limit) => {
    const fault = this.faults.get(leg);
    if (fault === 'hang') return new Promise(() => undefined);
    if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    if (fault === 'fail')
      throw Object.assign(new Error(`${leg} index unreachable`), { code: 'index_unavailable' });
    return this.inner.query(namespace, leg, vector, limit);
  };

  /** Every leg fails: retrieval is down. */
  breakAll(): void {
    for (const leg of ['dense', 'sparse_en', 'sparse_ar'] as const) this.faults.set(leg, 'fail');
  }
}
