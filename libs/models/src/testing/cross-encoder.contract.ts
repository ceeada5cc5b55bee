import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CrossEncoder } from '../reranker/cross-encoder.js';
import type { ContractSubject } from './embedder.contract.js';

const QUERY = 'how long does delivery to Riyadh take';
const TEXTS = [
  'Payment by card is charged when the order ships.',
  'Delivery to Riyadh takes two to four working days.',
  'Dresses can be returned within 14 days.',
  'كم يستغرق التوصيل إلى الرياض',
];

/** The conformance suite every CrossEncoder adapter must pass (see the port's doc comment). */
export function describeCrossEncoderContract(
  name: string,
  subject: ContractSubject<CrossEncoder>,
): void {
  describe(`CrossEncoder contract: ${name}`, () => {
    let encoder: CrossEncoder;
    beforeAll(async () => {
      encoder = await subject.setup();
    });
    afterAll(async () => {
      await subject.teardown?.();
    });

    it('returns one finite score in [0, 1] per text', async () => {
      const scores = await encoder.rerank(QUERY, TEXTS);
      expect(scores).toHaveLength(TEXTS.length);
      for (const score of scores) {
        expect(Number.isFinite(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
    });

    it('returns the scores in input order, not sorted', async () => {
      const forward = await encoder.rerank(QUERY, TEXTS);
      const backward = await encoder.rerank(QUERY, [...TEXTS].reverse());
      for (const [i, score] of forward.entries())
        expect(backward[TEXTS.length - 1 - i]).toBeCloseTo(score, 5);
    });

    it('scores the text that answers the query above unrelated ones', async () => {
      const [payment, delivery, returns] = await encoder.rerank(QUERY, TEXTS);
      expect(delivery).toBeGreaterThan(payment);
      expect(delivery).toBeGreaterThan(returns);
    });

    it('scores a single text', async () => {
      expect(await encoder.rerank(QUERY, [TEXTS[1]])).toHaveLength(1);
    });

    it('returns no scores for no texts', async () => {
      expect(await encoder.rerank(QUERY, [])).toEqual([]);
    });
  });
}
