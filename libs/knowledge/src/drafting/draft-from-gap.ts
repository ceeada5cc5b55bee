import { DRAFT_LIMITS, type DocLanguage } from '@support/contracts';
import { normalizeText } from '@support/text';
import type { KnowledgeGap } from '../knowledge-gap.js';
import { docLanguageOf, majorityLanguage } from './gap-language.js';

/** What a new draft starts as; the admin edits title, language, topic and body. */
export interface DraftContent {
  readonly title: string;
  readonly lang: DocLanguage;
  readonly topic: string;
  readonly body: string;
  readonly examples: string[];
  readonly escalationIds: string[];
}

/** Titles longer than this are cut at a word (a customer's question can run to paragraphs). */
const TITLE_CHARS = 120;

const EXAMPLES_HEADING: Record<DocLanguage, string> = {
  en: '## Questions customers asked',
  ar: '## أسئلة طرحها العملاء',
};

/**
 * A draft article for a gap: titled by the question asked most often (the earliest on a tie) in
 * the gap's language, with a body of the admins' replies (each distinct reply once, oldest first,
 * as Markdown paragraphs) followed by the customers' questions as examples. Replies are copied as
 * text: markup in them stays what it was written as, nothing here renders it.
 */
export function draftFromGap(gap: KnowledgeGap): DraftContent {
  const lang = majorityLanguage(gap.questions.map((q) => q.language));
  const examples = distinct(gap.questions.map((q) => oneLine(q.question)))
    .slice(0, DRAFT_LIMITS.examples)
    .map((example) => cut(example, DRAFT_LIMITS.exampleChars));
  const replies = distinct(
    gap.questions.flatMap((q) => q.replies).map((reply) => paragraph(reply.text)),
  );
  return {
    title: titleOf(gap, lang),
    lang,
    topic: gap.topic,
    body: bodyOf(replies, examples, lang),
    examples,
    escalationIds: gap.questions.map((q) => q.escalationId).slice(0, DRAFT_LIMITS.escalations),
  };
}

function titleOf(gap: KnowledgeGap, lang: DocLanguage): string {
  const inLanguage = gap.questions.filter((q) => docLanguageOf(q.language) === lang);
  const candidates = (inLanguage.length > 0 ? inLanguage : gap.questions).map((q) =>
    oneLine(q.question),
  );
  const counts = new Map<string, { text: string; count: number }>();
  for (const text of candidates) {
    const entry = counts.get(key(text));
    if (entry) entry.count += 1;
    else counts.set(key(text), { text, count: 1 });
  }
  // Map order is first-seen order, so the earliest wins a tie.
  let best = { text: '', count: 0 };
  for (const entry of counts.values()) if (entry.count > best.count) best = entry;
  return cut(best.text, TITLE_CHARS) || gap.topic;
}

function bodyOf(replies: readonly string[], examples: readonly string[], lang: DocLanguage) {
  const tail = ['', EXAMPLES_HEADING[lang], '', ...examples.map((e) => `- ${e}`)].join('\n');
  const room = DRAFT_LIMITS.bodyChars - tail.length;
  let answer = '';
  for (const reply of replies) {
    const next = answer ? `${answer}\n\n${reply}` : reply;
    if (next.length > room) break;
    answer = next;
  }
  return `${answer}\n${tail}`.slice(0, DRAFT_LIMITS.bodyChars);
}

/** The same reply sent twice (another spacing or case) is one paragraph. */
function distinct(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((text) => {
    const k = key(text);
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
