import { describe, expect, it } from '@jest/globals';
import { pointIdFor, uuidV5 } from './point-id.js';
import { idf } from './scoring.js';

describe('point ids', () => {
  it('computes RFC 9562 version-5 UUIDs', () => {
    // The RFC's DNS namespace example.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('derives a stable id per namespace and chunk', () => {
    const id = pointIdFor('support_docs', 'returns-policy#0');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pointIdFor('support_docs', 'returns-policy#0')).toBe(id);
    expect(pointIdFor('other', 'returns-policy#0')).not.toBe(id);
    expect(pointIdFor('support_docs', 'returns-policy#1')).not.toBe(id);
  });
});

describe('idf', () => {
  it("is Qdrant's ln((N - n + 0.5) / (n + 0.5) + 1)", () => {
    expect(idf(3, 1)).toBeCloseTo(Math.log(8 / 3), 12);
    expect(idf(1, 1)).toBeCloseTo(Math.log(4 / 3), 12);
    // Positive even for a token in every document, unlike Robertson's form.
    expect(idf(10, 10)).toBeGreaterThan(0);
  });
});
