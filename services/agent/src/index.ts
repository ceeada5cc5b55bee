export * from './agent.module.js';
export * from './agent-env.js';
export * from './graph/agent-graph.js';
export * from './graph/agent-state.js';
export * from './graph/agent-ports.js';
export * from './graph/new-turn-input.js';
export * from './runtime/agent-conversations.js';
export * from './runtime/checkpoint-footprint.js';
export * from './runtime/conversation-lock.js';
export * from './runtime/lean-runnable-scope.js';
export { assemblePrompt, type PromptBudget } from './graph/prompt-window.js';
export { compactTurn, EMPTY_MEMORY } from './graph/conversation-memory.js';
export { ORDER_MIGRATIONS } from './orders/order-persistence.js';
export {
  checkDraft,
  type DraftCheck,
  type DraftedTurn,
  type ReplyChecks,
} from './graph/nodes/check-draft.js';
