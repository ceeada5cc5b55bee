import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { DRAFT_CATEGORIES, readDraftSet } from './draft-set.js';
import { resolvePlaceholders, sectionChunks } from './placeholders.js';

const ROOT = fileURLToPath(new URL('../../../../eval/drafts/', import.meta.url));
const SETS = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The corpus follows the knowledge bases it cites (kb/ by symlink): a renamed section or a
// removed document shows here, not halfway through a bench run.
describe.each(SETS)('eval/drafts/%s', (name) => {
  const set = readDraftSet(join(ROOT, name));
  const sections = sectionChunks(set.docs);

  it('cites only sections its knowledge base has, each one chunk', () => {
    for (const draft of set.cases) {
      const resolved = resolvePlaceholders(draft.draft, sections);
      for (const section of resolved.cited)
        expect([draft.id, section.chunks]).toEqual([draft.id, 1]);
    }
  });

  it('covers every category, faithful and unsafe drafts about half each', () => {
    expect(new Set(set.cases.map((c) => c.category))).toEqual(new Set(DRAFT_CATEGORIES));
    const unsafe = set.cases.filter((c) => c.label === 'unsafe').length;
    expect(Math.abs(unsafe / set.cases.length - 0.5)).toBeLessThan(0.1);
    for (const draft of set.cases.filter((c) => c.label === 'unsafe'))
      expect([draft.id, draft.note.length > 0]).toEqual([draft.id, true]);
  });
});
