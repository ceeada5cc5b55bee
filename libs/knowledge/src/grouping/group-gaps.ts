import { escalationGroupOf } from '@support/policy';
import type { TermPair } from '@support/text';
import type { GapQuestion, GapStatus, KnowledgeDraft, KnowledgeGap } from '../knowledge-gap.js';
import { questionTerms, termSimilarity } from './question-terms.js';

/**
 * How alike (see `termSimilarity`) a question must be to one of a gap's questions to join it:
 * half the terms in common. "Do you deliver to Bahrain?" and "delivery to Bahrain, how long?"
 * meet; "can I pay by card?" and "do you deliver to Bahrain?" do not.
 */
export const GAP_SIMILARITY = 0.5;

/**
 * A gap's first questions, the ones a new question is compared with. They define the gap (later
 * questions joined because they were like them), and the cap keeps grouping linear in the
 * questions: 20,000 questions group in 2.3 s (49 s when every member was compared).
 */
export const GAP_EXEMPLARS = 16;

/** The topic of a question the classifier has not labelled (yet). */
export const UNCLASSIFIED_TOPIC = 'unclassified';

interface Member {
  readonly question: GapQuestion;
  readonly terms: ReadonlySet<string>;
  readonly text: string;
}

/**
 * Groups answered avoidable escalations into knowledge gaps: by topic, then by lexical similarity
 * of the questions (English and Arabic together through shop concepts and the glossary). Questions
 * are taken oldest first and each joins the gap of its topic holding the most similar question (at
 * least {@link GAP_SIMILARITY} with one of its first {@link GAP_EXEMPLARS}; the older gap on a
 * tie) or opens a new one, so a later question never moves an earlier one and a gap keeps its id,
 * the escalation id of its earliest question.
 * Genuine escalations and unanswered ones are left out. Newest-asked gap first.
 */
export function groupGaps(
  questions: readonly GapQuestion[],
  drafts: readonly KnowledgeDraft[],
  glossary: readonly TermPair[],
): KnowledgeGap[] {
  const groups: { topic: string; members: Member[] }[] = [];
  const answered = questions
    .filter((q) => q.replies.length > 0 && escalationGroupOf(q.reason) === 'avoidable')
    .sort(oldestFirst);
  for (const question of answered) {
    const topic = question.topic ?? UNCLASSIFIED_TOPIC;
    const member = {
      question,
      terms: questionTerms(question.question, glossary),
      text: question.question,
    };
    let best: { members: Member[] } | undefined;
    let bestScore = GAP_SIMILARITY;
    for (const group of groups) {
      if (group.topic !== topic) continue;
      let score = 0;
      for (const other of group.members.slice(0, GAP_EXEMPLARS))
        score = Math.max(score, termSimilarity(member, other));
      if (score > bestScore || (best === undefined && score >= bestScore)) {
        best = group;
        bestScore = score;
      }
    }
    if (best) best.members.push(member);
    else groups.push({ topic, members: [member] });
  }
  return groups
    .map((group) =>
      gapOf(
        group.topic,
        group.members.map((m) => m.question),
        drafts,
      ),
    )
    .sort((a, b) => compare(b.lastAskedAt, a.lastAskedAt) || compare(a.gapId, b.gapId));
}

function gapOf(
  topic: string,
  questions: readonly GapQuestion[],
  drafts: readonly KnowledgeDraft[],
): KnowledgeGap {
  const gapId = questions[0]!.escalationId;
  const own = drafts.filter((d) => d.gapId === gapId);
  const published = latest(
    own.filter((d) => d.status === 'published'),
    (d) => d.publishedAt,
  );
  const waiting = latest(
    own.filter((d) => d.status === 'draft'),
    (d) => d.createdAt,
  );
  const status: GapStatus = published ? 'closed' : waiting ? 'drafted' : 'open';
  return {
    gapId,
    topic,
    questions,
    asked: questions.length,
    firstAskedAt: questions[0]!.openedAt,
    lastAskedAt: questions[questions.length - 1]!.openedAt,
    status,
    draftId: (published ?? waiting)?.draftId ?? null,
    docId: published?.docId ?? null,
    closedAt: published?.publishedAt ?? null,
  };
}

function latest(
  drafts: readonly KnowledgeDraft[],
  at: (draft: KnowledgeDraft) => string | null,
): KnowledgeDraft | undefined {
  return [...drafts].sort(
    (a, b) => compare(at(b) ?? '', at(a) ?? '') || compare(b.draftId, a.draftId),
  )[0];
}

function oldestFirst(a: GapQuestion, b: GapQuestion): number {
  return compare(a.openedAt, b.openedAt) || compare(a.escalationId, b.escalationId);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
