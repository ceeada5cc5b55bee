import {
  canonicalCitations,
  type CheckedReply,
  checkReply,
  type ValidationVerdict,
} from '@support/citations';
import type { ChunkDto, Language } from '@support/contracts';
import type { GlossaryPair } from '@support/language';
import { checkReplyLanguage, confidentialPromptTexts } from '@support/policy';

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

/** What of a turn the reply check reads. */
export interface DraftedTurn {
  readonly draft: string | null;
  readonly promptChunks: readonly ChunkDto[];
  readonly language: Language;
}

/** A draft's reply check: the reply as sent, the checked reply and its verdict. */
export interface DraftCheck {
  readonly reply: string;
  readonly checked: CheckedReply;
  /** The checked reply's verdict with the reply's language checked too. */
  readonly verdict: ValidationVerdict;
}

/**
 * The reply check of a turn's draft as the validate node runs it (the drafts bench reads it the
 * same way): the draft in the one citation form every reader shares (what is checked is what is
 * sent), the system prompt as a text it must not repeat (the model was given it; whatever it was
 * talked into, it must not pass it on), and the customer's language.
 */
export function checkDraft(
  turn: DraftedTurn,
  checks: ReplyChecks,
  glossary: readonly GlossaryPair[],
  judgedSupport?: ReadonlySet<string>,
): DraftCheck {
  const reply = canonicalCitations(turn.draft ?? '');
  const checked = checkReply(reply, turn.promptChunks, {
    confidential: confidentialPromptTexts({ language: turn.language }),
    linkHosts: checks.linkHosts,
    glossary,
    ...(checks.minSupportedShare === undefined
      ? {}
      : { minSupportedShare: checks.minSupportedShare }),
    ...(judgedSupport === undefined ? {} : { judgedSupport }),
  });
  const verdict = checkReplyLanguage(
    checked.verdict,
    turn.language,
    turn.promptChunks.map((chunk) => chunk.lang),
  );
  return { reply, checked, verdict };
}
