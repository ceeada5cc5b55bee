import { DRAFT_LIMITS, type DocLanguage } from '@support/contracts';
import { normalizeText } from '@support/text';
import type { GapQuestion, KnowledgeGap } from '../knowledge-gap.js';
import { docLanguageOf, majorityLanguage } from './gap-language.js';

/** What a new draft starts as; the admin edits title, language, topic and body. */
export interface DraftContent {
  readonly title: string;
  readonly lang: DocLanguage;
  readonly topic: string;
  readonly body: string;
  readonly examples: string[];
  readonly escalationIds: string[];
  /**
   * The title and the examples as `kb.draft_created` carries them: customers' questions, each
   * sealed under the key of the customer who asked it (their escalation's question).
   */
  readonly sealed: { readonly title: string; readonly examples: string[] };
}

/** Titles longer than this are cut at a word (a customer's question can run to paragraphs). */
const TITLE_CHARS = 120;

/**
 * A draft article for a gap: titled by the question asked most often (the earliest on a tie) in
 * the gap's language, with a body of the admins' replies (each distinct reply once, oldest first,
 * as Markdown paragraphs); the customers' questions are its examples, beside the body and never in
 * it (they are personal: sealed each under its customer's key). Replies are copied as text: markup
 * in them stays what it was written as, nothing here renders it.
 */
export function draftFromGap(gap: KnowledgeGap): DraftContent {
  const lang = majorityLanguage(gap.questions.map((q) => q.language));
  const examples = distinctBy(gap.questions, (q) => oneLine(q.question)).slice(
    0,
    DRAFT_LIMITS.examples,
  );
  const replies = distinctBy(
    gap.questions.flatMap((q) => q.replies),
    (reply) => paragraph(reply.text),
  ).map((reply) => paragraph(reply.text));
  const title = titleQuestionOf(gap, lang);
  return {
    title: (title && cut(oneLine(title.question), TITLE_CHARS)) || gap.topic,
    lang,
    topic: gap.topic,
    body: bodyOf(replies),
    examples: examples.map((q) => cut(oneLine(q.question), DRAFT_LIMITS.exampleChars)),
    escalationIds: gap.questions.map((q) => q.escalationId).slice(0, DRAFT_LIMITS.escalations),
    sealed: {
      // Questions without words (a photo alone) title nothing: the topic does, read back opened.
      title: (title ?? gap.questions[0]!).sealedQuestion,
      examples: examples.map((q) => q.sealedQuestion),
    },
  };
}

/** The question asked most often in the draft's language (the earliest on a tie). */
function titleQuestionOf(gap: KnowledgeGap, lang: DocLanguage): GapQuestion | null {
  const inLanguage = gap.questions.filter((q) => docLanguageOf(q.language) === lang);
  const candidates = inLanguage.length > 0 ? inLanguage : gap.questions;
  const counts = new Map<string, { question: GapQuestion; count: number }>();
  for (const question of candidates) {
    const k = key(oneLine(question.question));
    if (k === '') continue;
    const entry = counts.get(k);
    if (entry) entry.count += 1;
    else counts.set(k, { question, count: 1 });
  }
  // Map order is first-seen order, so the earliest wins a tie.
  let best: { question: GapQuestion | null; count: number } = { question: null, count: 0 };
  for (const entry of counts.values()) if (entry.count > best.count) best = entry;
  return best.question;
}

function bodyOf(replies: readonly string[]) {
  let answer = '';
  for (const reply of replies) {
    const next = answer ? `${answer}\n\n${reply}` : reply;
    if (next.length > DRAFT_LIMITS.bodyChars) break;
    answer = next;
  }
  return answer;
}

/** The same text twice (another spacing or case) is one: the first is kept. */
function distinctBy<T>(items: readonly T[], textOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(textOf(item));
    if (k === '' || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function key(text: string): string {
  return normalizeText(text).replace(/\s+/g, ' ').trim();
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A reply as a Markdown paragraph block: its own line breaks kept, runs of blank lines one. */
function paragraph(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cut at a word boundary with an ellipsis, when longer than `limit`. */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > limit / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
