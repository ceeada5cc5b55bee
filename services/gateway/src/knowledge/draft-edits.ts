import type { DocLanguage } from '@support/contracts';
import type { DraftEdits } from '@support/knowledge';
import { AppError } from '@support/platform/pure';

const FIELDS = ['title', 'lang', 'topic', 'body'] as const;

/**
 * The edits from a publish request's JSON body. Only their shape is checked here (four texts):
 * what an article may hold (lengths, languages) is the use case's rule, checked there.
 */
export function draftEditsOf(body: unknown): DraftEdits {
  const plain = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const missing = FIELDS.filter((field) => typeof plain[field] !== 'string');
  if (missing.length > 0)
    throw new AppError('validation_failed', `${missing.join(', ')} must be text`);
  return {
    title: plain.title as string,
    lang: plain.lang as DocLanguage,
    topic: plain.topic as string,
    body: plain.body as string,
  };
}
