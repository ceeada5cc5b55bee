/** The tool the graph treats as "hand this conversation to a human" (`agent_requested`). */
export const ESCALATE_TOOL = 'escalate';

/** The knowledge-base search tool; its result is a {@link formatChunksForPrompt} block. */
export const SEARCH_KNOWLEDGE_BASE_TOOL = 'search_knowledge_base';

/**
 * The agent's order tools, by the names the agent offers them under (`services/agent` orders).
 * The extractive responder only calls one when the request offers it.
 */
export const ORDER_TOOLS = {
  list: 'list_my_orders',
  status: 'get_order_status',
  returnEligibility: 'check_return_eligibility',
  startReturn: 'start_return',
  payment: 'get_payment_status',
} as const;

export type OrderToolName = (typeof ORDER_TOOLS)[keyof typeof ORDER_TOOLS];

export const ORDER_TOOL_NAMES: ReadonlySet<string> = new Set(Object.values(ORDER_TOOLS));
