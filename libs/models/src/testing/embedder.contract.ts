import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cosineSimilarity, type Embedder, l2Norm } from '../embeddings/embedder.js';

export interface ContractSubject<T> {
  /** Builds the adapter (starting whatever it talks to). */
  setup(): Promise<T> | T;
  teardown?(): Promise<void> | void;
}

const TEXTS = [
  'How do I return a dress that does not fit?',
  'Delivery to Riyadh takes two to four working days.',
  'كيف يمكنني إرجاع الفستان؟',
  'Payment by card is charged when the order ships.',
  'مدة التوصيل إلى جدة من يومين إلى أربعة أيام',
];

function expectUnitVector(vector: number[], dimensions: number): void {
  expect(vector).toHaveLength(dimensions);
  expect(vector.every((value) => typeof value === 'number' && Number.isFinite(value))).toBe(true);
  expect(l2Norm(vector)).toBeCloseTo(1, 5);
}

/** The conformance suite every Embedder adapter must pass (see the port's doc comment). */
export function describeEmbedderContract(name: string, subject: ContractSubject<Embedder>): void {
  describe(`Embedder contract: ${name}`, () => {
    let embedder: Embedder;
    beforeAll(async () => {
      embedder = await subject.setup();
    });
    afterAll(async () => {
      await subject.teardown?.();
    });

    it('declares a positive dimension count and a non-empty id', () => {
      expect(Number.isInteger(embedder.dimensions) && embedder.dimensions > 0).toBe(true);
      expect(embedder.id.length).toBeGreaterThan(0);
    });

    it('returns one unit vector of the declared dimensions per document, and for a query', async () => {
      const vectors = await embedder.embedDocuments(TEXTS);
      expect(vectors).toHaveLength(TEXTS.length);
      for (const vector of vectors) expectUnitVector(vector, embedder.dimensions);
      expectUnitVector(await embedder.embedQuery(TEXTS[0]), embedder.dimensions);
    });

    it('is deterministic', async () => {
      expect(await embedder.embedDocuments(TEXTS)).toEqual(await embedder.embedDocuments(TEXTS));
      expect(await embedder.embedQuery(TEXTS[1])).toEqual(await embedder.embedQuery(TEXTS[1]));
    });

    it('keeps input order across a batch larger than any batch size', async () => {
      const many = Array.from({ length: 70 }, (_, i) => `${TEXTS[i % TEXTS.length]} #${i}`);
      const together = await embedder.embedDocuments(many);
      expect(together).toHaveLength(many.length);
      for (const i of [0, 1, 31, 32, 33, 63, 64, 69]) {
        const [alone] = await embedder.embedDocuments([many[i]]);
        expect(cosineSimilarity(together[i], alone)).toBeGreaterThan(0.999);
      }
    });

    it('places a query near the same text as a document, and nearer than unrelated text', async () => {
      const documents = await embedder.embedDocuments(TEXTS);
      for (const [i, text] of TEXTS.entries()) {
        const query = await embedder.embedQuery(text);
        const same = cosineSimilarity(query, documents[i]);
        expect(same).toBeGreaterThan(0.5);
        for (const [j, other] of documents.entries())
          if (j !== i) expect(same).toBeGreaterThan(cosineSimilarity(query, other));
      }
    });

    it('accepts the empty string', async () => {
      const [document] = await embedder.embedDocuments(['']);
      expectUnitVector(document, embedder.dimensions);
      expectUnitVector(await embedder.embedQuery(''), embedder.dimensions);
    });

    it('returns no vectors for no documents', async () => {
      expect(await embedder.embedDocuments([])).toEqual([]);
    });
  });
}
