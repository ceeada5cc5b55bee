import { asksToRephrase, supportQuestions } from '@support/citations';
import { DEFAULT_MIN_ENTAILMENT } from '@support/models';
import { afterValidation, turnOutcome } from '@support/policy';
import type { AgentPorts } from '../agent-ports.js';
import type { AgentStateValue } from '../agent-state.js';
import { askSupportJudge, withJudgeNotes } from './ask-support-judge.js';
import { checkDraft, type ReplyChecks } from './check-draft.js';
import { follow } from './follow-route.js';
import { turnOf } from './turn-of.js';

/**
 * The `validate` node: the draft's checks ({@link checkDraft}), and the answer sent only when
 * every one passed. When the only sentences that fail are ones whose words alone fail them (their
 * quantities, names and facts pass), the support judge, if there is one, is asked in one call
 * whether their chunks entail them; those it vouches for are checked again without the word
 * share. A judge that fails or doubts leaves the first verdict, and the turn trace shows its
 * answer beside each problem.
 */
export function validateNode(ports: AgentPorts, checks: ReplyChecks) {
  return async (state: AgentStateValue) => {
    const draft = state.draft ?? '';
    const glossary = (await ports.glossary?.(state.namespace ?? undefined)) ?? [];
    const first = checkDraft(state, checks, glossary);
    const { reply } = first;
    let verdict = first.verdict;
    const questions = ports.supportJudge ? supportQuestions(first.checked, verdict) : [];
    if (ports.supportJudge && questions.length > 0) {
      const judgement = await askSupportJudge(
        ports.supportJudge,
        questions,
        checks.minEntailment ?? DEFAULT_MIN_ENTAILMENT,
      );
      const judged =
        judgement.judged.size > 0
          ? checkDraft(state, checks, glossary, judgement.judged).verdict
          : verdict;
      verdict = withJudgeNotes(judged, judgement.notes);
    }
    const route = afterValidation({
      passed: verdict.passed,
      asksToRephrase: asksToRephrase(reply),
      hadMaterial: state.promptChunks.length > 0,
    });
    if (route.next === 'end') {
      const turn = turnOf(state);
      const cited = new Set(verdict.sentences.flatMap((s) => s.citations));
      await ports.sendReply(turn, {
        kind: 'answer',
        text: reply,
        citations: state.promptChunks
          .filter((c) => cited.has(c.chunkId))
          .map(({ chunkId, docId, title }) => ({ chunkId, docId, title })),
        draft,
        validation: verdict,
      });
      await ports.recordOutcome(turn, turnOutcome({ next: 'end' }));
    }
    return follow(route, { validation: verdict });
  };
}
