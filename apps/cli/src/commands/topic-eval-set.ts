import { isLabelTopic, type LabelTopic, type TranscriptLine } from '@support/classifier/pure';
import { invalidRow as fail, jsonlRows } from './jsonl-rows.js';

export const ESCALATION_SET_LANGS = ['en', 'ar', 'mixed'] as const;
export type EscalationSetLang = (typeof ESCALATION_SET_LANGS)[number];

/** One labelled escalation of an `escalations.jsonl` set (format: eval/escalations/*\/README.md). */
export interface LabelledEscalation {
  readonly id: string;
  readonly lang: EscalationSetLang;
  readonly question: string;
  readonly transcript: readonly TranscriptLine[];
  readonly topic: LabelTopic;
  readonly note?: string;
}

const ROLES: readonly TranscriptLine['role'][] = ['customer', 'agent', 'human'];

function transcriptOf(value: unknown, where: string): TranscriptLine[] {
  if (!Array.isArray(value) || value.length === 0)
    return fail(where, '`transcript` must be a non-empty list of {role, text}');
  return value.map((line: unknown, index) => {
    const { role, text } = (line ?? {}) as { role?: unknown; text?: unknown };
    if (!ROLES.includes(role as TranscriptLine['role']))
      fail(where, `transcript line ${index + 1}: \`role\` must be one of ${ROLES.join(', ')}`);
    if (typeof text !== 'string' || !text.trim())
      fail(where, `transcript line ${index + 1}: \`text\` must be a non-empty string`);
    return { role: role as TranscriptLine['role'], text: text as string };
  });
}

/**
 * Parses and checks a labelled escalation set up front, naming the line of the first problem, so
 * a typo in a topic stops the run before a model is asked anything.
 */
export function parseEscalationSet(text: string, source = 'escalations'): LabelledEscalation[] {
  return jsonlRows(text, source).map(({ row, where }) => {
    if (!ESCALATION_SET_LANGS.includes(row.lang as EscalationSetLang))
      fail(where, `\`lang\` must be one of ${ESCALATION_SET_LANGS.join(', ')}`);
    if (typeof row.question !== 'string' || !row.question.trim())
      fail(where, '`question` must be a non-empty string');
    if (!isLabelTopic(row.topic)) fail(where, `\`topic\` ${JSON.stringify(row.topic)} is no topic`);
    if (row.note !== undefined && typeof row.note !== 'string')
      fail(where, '`note` must be a string');
    return {
      id: row.id as string,
      lang: row.lang as EscalationSetLang,
      question: row.question as string,
      transcript: transcriptOf(row.transcript, where),
      topic: row.topic as LabelTopic,
      ...(row.note !== undefined ? { note: row.note as string } : {}),
    };
  });
}
