// `@support/agent/pure`: the service's parts that need no NestJS module, LangGraph, database nor
// bus (configuration, the prompt window, the conversation memory, the draft checks), for the deploy
// checks and unit tests: loading the whole package costs a unit suite about a second. The index
// re-exports it.
export * from './agent-env.js';
export * from './graph/agent-ports.js';
export * from './graph/new-turn-input.js';
export * from './runtime/conversation-lock.js';
export { assemblePrompt, type PromptBudget } from './graph/prompt-window.js';
export { compactTurn, EMPTY_MEMORY } from './graph/conversation-memory.js';
export {
  checkDraft,
  type DraftCheck,
  type DraftedTurn,
  type ReplyChecks,
} from './graph/nodes/check-draft.js';
