import {
  asksToRephrase,
  canonicalCitations,
  checkReply,
  supportQuestions,
  type ValidateReplyOptions,
} from '@support/citations';
import { afterValidation, checkReplyLanguage, confidentialPromptTexts } from '@support/policy';
import type { AgentPorts } from '../agent-ports.js';
import type { AgentStateValue } from '../agent-state.js';
import { askSupportJudge, withJudgeNotes } from './ask-support-judge.js';
import { follow } from './follow-route.js';
import { turnOf } from './turn-of.js';

export interface ReplyChecks {
  /** Hosts an answer may link to or name (`REPLY_LINK_HOSTS`). */
  readonly linkHosts: readonly string[];
  /** Share of a cited sentence's words its chunks must hold (`REPLY_MIN_SUPPORTED_SHARE`). */
  readonly minSupportedShare?: number;
  /**
   * Entailment probability at which the support judge vouches for a sentence the word share
   * fails (`SUPPORT_JUDGE_MIN_ENTAILMENT`); used only when the ports have a judge.
   */
  readonly minEntailment?: number;
}

/** `SUPPORT_JUDGE_MIN_ENTAILMENT`'s default (libs/models' `supportJudgeEnv` says why). */
const DEFAULT_MIN_ENTAILMENT = 0.9;

/**
 * The `validate` node: the draft's checks, and the answer sent only when every one passed. When
 * the only sentences that fail are ones whose words alone fail them (their quantities, names and
 * facts pass), the support judge, if there is one, is asked in one call whether their chunks
 * entail them; those it vouches for are checked again without the word share. A judge that fails
 * or doubts leaves the first verdict, and the trace shows its answer beside each problem.
 */
export function validateNode(ports: AgentPorts, checks: ReplyChecks) {
  return async (state: AgentStateValue) => {
    const draft = state.draft ?? '';
    // What is checked is what is sent: the draft in the one citation form every reader shares.
    const reply = canonicalCitations(draft);
    const glossary = (await ports.glossary?.(state.namespace ?? undefined)) ?? [];
    // The model was given the system prompt; whatever it was talked into, it must not pass it on
    // (the phrases it was told to say word for word excepted).
    const options: ValidateReplyOptions = {
      confidential: confidentialPromptTexts({ language: state.language }),
      linkHosts: checks.linkHosts,
      glossary,
      ...(checks.minSupportedShare === undefined
        ? {}
        : { minSupportedShare: checks.minSupportedShare }),
    };
    const check = (judgedSupport?: ReadonlySet<string>) => {
      const checked = checkReply(reply, state.promptChunks, { ...options, judgedSupport });
      const verdict = checkReplyLanguage(
        checked.verdict,
        state.language,
        state.promptChunks.map((chunk) => chunk.lang),
      );
      return { checked, verdict };
    };
    const first = check();
    let verdict = first.verdict;
    const questions = ports.supportJudge ? supportQuestions(first.checked, verdict) : [];
    if (ports.supportJudge && questions.length > 0) {
      const judgement = await askSupportJudge(
        ports.supportJudge,
        questions,
        checks.minEntailment ?? DEFAULT_MIN_ENTAILMENT,
      );
      const judged = judgement.judged.size > 0 ? check(judgement.judged).verdict : verdict;
      verdict = withJudgeNotes(judged, judgement.notes);
    }
    const route = afterValidation({
      passed: verdict.passed,
      asksToRephrase: asksToRephrase(reply),
      hadMaterial: state.promptChunks.length > 0,
    });
    if (route.next === 'end') {
      const cited = new Set(verdict.sentences.flatMap((s) => s.citations));
      await ports.sendReply(turnOf(state), {
        kind: 'answer',
        text: reply,
        citations: state.promptChunks
          .filter((c) => cited.has(c.chunkId))
          .map(({ chunkId, docId, title }) => ({ chunkId, docId, title })),
        draft,
        validation: verdict,
      });
    }
    return follow(route, { validation: verdict });
  };
}
