import type { KnowledgeGap, WordingGap } from '@support/knowledge';

/** Characters of a question or reply shown on its line (the console and --json show them whole). */
const LINE_CHARS = 160;

/**
 * Customers' and admins' text on one terminal line: control characters (escape sequences a
 * customer could type to restyle the operator's terminal, line breaks) become spaces, long text is
 * cut with an ellipsis.
 */
export function oneLine(text: string, limit = LINE_CHARS): string {
  const flat = text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}

const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** One gap: status, topic, how often and when it was asked, its questions and admins' replies. */
export function formatGap(gap: KnowledgeGap): string {
  const asked = gap.asked === 1 ? 'asked once' : `asked ${gap.asked} times`;
  const lines = [
    `[${gap.status}] ${gap.topic} · ${asked} · first ${minute(gap.firstAskedAt)} · last ${minute(gap.lastAskedAt)} UTC`,
    `  gap ${gap.gapId}` +
      (gap.status === 'closed'
        ? ` · article ${gap.docId} (published ${minute(gap.closedAt!)} UTC)`
        : gap.status === 'drafted'
          ? ` · draft ${gap.draftId} waiting for review`
          : ''),
    '  questions:',
    ...gap.questions.map((q) => `    - ${oneLine(q.question)} (${q.language})`),
    '  replies:',
  ];
  const seen = new Set<string>();
  for (const reply of gap.questions.flatMap((q) => q.replies)) {
    const line = `    - ${oneLine(reply.adminId, 40)}: ${oneLine(reply.text)}`;
    if (seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return lines.join('\n');
}

/** `cli gaps`: a count line, then each gap, newest-asked first. */
export function formatGaps(gaps: readonly KnowledgeGap[], days?: number): string {
  const count = (status: KnowledgeGap['status']) => gaps.filter((g) => g.status === status).length;
  const questions = gaps.reduce((n, gap) => n + gap.asked, 0);
  const window = days === undefined ? '' : ` in the last ${days} day${days === 1 ? '' : 's'}`;
  const head =
    `${gaps.length} knowledge gap${gaps.length === 1 ? '' : 's'} ` +
    `(${count('open')} open, ${count('drafted')} drafted, ${count('closed')} closed) ` +
    `from ${questions} answered avoidable escalation${questions === 1 ? '' : 's'}${window}`;
  return [head, ...gaps.map(formatGap)].join('\n\n') + '\n';
}

/**
 * Sections customers reached only through a clarification: the knowledge base has the answer, but
 * not in their words. Each with how often it was chosen and the questions it was chosen for.
 */
export function formatWordingGaps(gaps: readonly WordingGap[]): string {
  const head = `${gaps.length} section${gaps.length === 1 ? '' : 's'} reached only through a clarification (worded differently from how customers ask)`;
  const blocks = gaps.map((gap) =>
    [
      `${gap.docId} · ${oneLine(gap.section)} · chosen ${gap.accepted === 1 ? 'once' : `${gap.accepted} times`} · last ${minute(gap.lastChosenAt)} UTC`,
      ...gap.questions.map((q) => `  customer: ${oneLine(q)}`),
    ].join('\n'),
  );
  return [head, ...blocks].join('\n\n') + '\n';
}
