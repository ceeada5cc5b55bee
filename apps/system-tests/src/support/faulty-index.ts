import type { IndexLeg, VectorIndex } from '@support/vector-index';

/** The real index with legs that can be made to hang or fail, like a slow or broken Qdrant. */
export class FaultyIndex implements VectorIndex {
  readonly faults = new Map<IndexLeg, 'hang' | 'fail'>();
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
    if (fault === 'fail')
      throw Object.assign(new Error(`${leg} index unreachable`), { code: 'index_unavailable' });
    return this.inner.query(namespace, leg, vector, limit);
  };

  /** Every leg fails: retrieval is down. */
  breakAll(): void {
    for (const leg of ['dense', 'sparse_en', 'sparse_ar'] as const) this.faults.set(leg, 'fail');
  }
}
