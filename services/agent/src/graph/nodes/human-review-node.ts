import { interrupt } from '@langchain/langgraph';
import { escalationGroupOf } from '@support/policy';
import type { AgentStateUpdate, AgentStateValue } from '../agent-state.js';
import {
  type HumanReviewInterrupt,
  type HumanReviewResume,
  isWithdrawal,
} from '../human-review.js';

/**
 * The `human_review` node. Side-effect free: LangGraph runs it again from the start when it is
 * resumed, by the admin's reply (their words join the conversation) or by the customer withdrawing
 * the request (the assistant has the conversation again; nothing is added).
 */
export function humanReview(state: AgentStateValue): AgentStateUpdate {
  const resumed = interrupt<HumanReviewInterrupt, HumanReviewResume>({
    reason: state.escalationReason,
    group: state.escalationReason ? escalationGroupOf(state.escalationReason) : null,
    turnId: state.turnId,
  });
  if (isWithdrawal(resumed)) return { humanReplied: true };
  return { messages: [{ role: 'assistant', content: resumed }], humanReplied: true };
}
