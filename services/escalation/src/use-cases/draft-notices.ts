import type { DraftRefusal } from '../ports/knowledge-draft.js';

/**
 * What "Add to knowledge base" tells the admin who ran it (only them) when there is nothing to
 * draft. Plain words, no user data: Slack reads them as mrkdwn.
 */
export const DRAFT_REFUSALS: Record<DraftRefusal, (reason?: string) => string> = {
  not_an_admin: () =>
    'Only the support admins can add answers to the knowledge base; ask one of them to do it.',
  not_a_handoff_thread: () =>
    '"Add to knowledge base" works on an admin\'s reply inside a handoff thread that the ' +
    'support bot opened; this message is not in one.',
  genuine: (reason) =>
    `This escalation was genuine (${reason ?? 'a human was needed'}): no article would have ` +
    'answered it, so there is nothing to add to the knowledge base.',
  no_gap: () =>
    'This escalation has no answered knowledge gap yet: reply to the customer in this thread ' +
    'first (an avoidable escalation becomes a gap once an admin answered it), then try again ' +
    'in a moment.',
};

/** Why a draft could not be published, said in the form. */
export const PUBLISH_REFUSALS = {
  not_an_admin: () => DRAFT_REFUSALS.not_an_admin(),
  unknown_draft: () =>
    'This draft is not known (yet): close the form and run "Add to knowledge base" again.',
  closed_draft: () =>
    'This draft was already published or discarded (here or in the admin console); run "Add to ' +
    'knowledge base" again to start from the current state.',
} as const;
