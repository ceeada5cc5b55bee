import type { KnowledgeSources } from '../ports/knowledge-sources.js';
import { type AllGaps, readGaps } from './read-gaps.js';

/** Sources that can say cheaply whether what gaps are grouped from has changed. */
export interface StampedKnowledgeSources extends KnowledgeSources {
  /**
   * A text that changes whenever the answered avoidable escalations (their replies, their
   * topics), the drafts or the namespace's glossary change.
   */
  gapsStamp(namespace: string): Promise<string>;
}

/**
 * Every gap of a namespace's history, grouped again only when the stamp of its sources has
 * changed since the last grouping. Grouping a year of answered questions takes the gateway about
 * half a second, and the dashboard asks for it on every load; the stamp is one small query.
 * A stamp read before a change that the grouping already saw costs one needless grouping on the
 * next read, never a stale answer.
 */
export class LatestGaps {
  private last: { namespace: string; stamp: string; gaps: Promise<AllGaps> } | undefined;

  constructor(private readonly sources: StampedKnowledgeSources) {}

  async read(namespace: string): Promise<AllGaps> {
    const stamp = await this.sources.gapsStamp(namespace);
    const last = this.last;
    if (last !== undefined && last.namespace === namespace && last.stamp === stamp)
      return last.gaps;
    const gaps = readGaps(this.sources, namespace, null);
    const entry = { namespace, stamp, gaps };
    this.last = entry;
    // A failed read is not remembered: the next one tries again.
    gaps.catch(() => {
      if (this.last === entry) this.last = undefined;
    });
    return gaps;
  }
}
