import { describe, expect, it } from '@jest/globals';
import type { GapQuestion } from '../knowledge-gap.js';
import { question } from '../testing/gap-fixtures.js';
import { LatestGaps, type StampedKnowledgeSources } from './latest-gaps.js';

/** Answered questions in memory, stamped by how many there are; counts the reads. */
class CountingSources implements StampedKnowledgeSources {
  reads = 0;
  failNextRead = false;

  constructor(readonly questions: GapQuestion[]) {}

  async gapsStamp(namespace: string) {
    return `${namespace}:${this.questions.length}`;
  }
  async answeredAvoidable() {
    this.reads += 1;
    if (this.failNextRead) {
      this.failNextRead = false;
      throw new Error('connection lost');
    }
    return [...this.questions];
  }
  async drafts() {
    return [];
  }
  async draft() {
    return null;
  }
  async glossary() {
    return [];
  }
}

describe('LatestGaps', () => {
  it('groups again only when the stamp changes', async () => {
    const sources = new CountingSources([question(1, 'Can you engrave my ring?')]);
    const latest = new LatestGaps(sources);
    const first = await latest.read('');
    expect(await latest.read('')).toBe(first);
    expect(sources.reads).toBe(1);

    sources.questions.push(question(2, 'Do you sell gift wrap?', { topic: 'orders' }));
    const second = await latest.read('');
    expect(sources.reads).toBe(2);
    expect(second.gaps.map((gap) => gap.questions.length).sort()).toEqual([1, 1]);
    expect(first.gaps).toHaveLength(1);
  });

  it('keeps namespaces apart', async () => {
    const sources = new CountingSources([question(1, 'Can you engrave my ring?')]);
    const latest = new LatestGaps(sources);
    await latest.read('shop_a');
    await latest.read('shop_b');
    expect(sources.reads).toBe(2);
  });

  it('does not remember a failed read', async () => {
    const sources = new CountingSources([question(1, 'Can you engrave my ring?')]);
    const latest = new LatestGaps(sources);
    sources.failNextRead = true;
    await expect(latest.read('')).rejects.toThrow('connection lost');
    expect((await latest.read('')).gaps).toHaveLength(1);
    expect(sources.reads).toBe(2);
  });
});
