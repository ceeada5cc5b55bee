import { asksToRephrase, canonicalCitations, validateReply } from '@support/citations';
import { afterValidation, checkReplyLanguage, confidentialPromptTexts } from '@support/policy';
import type { AgentPorts } from '../agent-ports.js';
import type { AgentStateValue } from '../agent-state.js';
import { follow } from './follow-route.js';
import { turnOf } from './turn-of.js';

export interface ReplyChecks {
  /** Hosts an answer may link to or name (`REPLY_LINK_HOSTS`). */
  readonly linkHosts: readonly string[];
  /** Share of a cited sentence's words its chunks must hold (`REPLY_MIN_SUPPORTED_SHARE`). */
  readonly minSupportedShare?: number;
}

/** The `validate` node: the draft's checks, and the answer sent only when every one passed. */
export function validateNode(ports: AgentPorts, checks: ReplyChecks) {
  return async (state: AgentStateValue) => {
    const draft = state.draft ?? '';
    // What is checked is what is sent: the draft in the one citation form every reader shares.
    const reply = canonicalCitations(draft);
    const glossary = (await ports.glossary?.(state.namespace ?? undefined)) ?? [];
    // The model was given the system prompt; whatever it was talked into, it must not pass it on
    // (the phrases it was told to say word for word excepted).
    const verdict = checkReplyLanguage(
      validateReply(reply, state.promptChunks, {
        confidential: confidentialPromptTexts({ language: state.language }),
        linkHosts: checks.linkHosts,
        glossary,
        ...(checks.minSupportedShare === undefined
          ? {}
          : { minSupportedShare: checks.minSupportedShare }),
      }),
      state.language,
      state.promptChunks.map((chunk) => chunk.lang),
    );
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
