// The turn's rules, in one place: named exports only (no `export *`), one line per rule's module.
export {
  applyGate,
  type GateDecision,
  type GateKind,
  passesFloor,
  type ScoreFloors,
} from './gate/score-gate.js';
export { DEFAULT_LEXICAL_MIN_SCORE, DEFAULT_RERANK_MIN_SCORE } from './gate/score-floors.js';
export { legsFor } from './retrieval/route.js';
export { reciprocalRankFusion } from './retrieval/rrf.js';
export { type ReplyLanguage, replyLanguage } from './language/reply-language.js';
export { checkReplyLanguage } from './language/check-reply-language.js';
export {
  afterChoice,
  afterModel,
  afterTools,
  afterValidation,
  beforeModel,
  type BeforeModelFacts,
  clarifyOrHandoff,
  MAX_MODEL_CALLS,
  type ModelReply,
  type ToolCallResult,
  type TurnRoute,
  type TurnStep,
  type ValidationFacts,
} from './turn-route/turn-route.js';
export {
  type TurnEnding,
  turnOutcome,
  type TurnOutcomeDecision,
} from './turn-outcome/turn-outcome.js';
export { ESCALATION_REASON_GROUPS, escalationGroupOf } from './turn-outcome/escalation-groups.js';
export { type LocalisedText } from './texts/localised-text.js';
export { ABSTENTION, HANDOFF_REQUESTED, handoffText } from './texts/handoff-texts.js';
export { HOLDING } from './texts/holding-note.js';
export { ANYTHING_ELSE } from './texts/anything-else.js';
export { CLARIFYING_QUESTION, NONE_OF_THESE } from './texts/clarification-texts.js';
export {
  chosenSectionQuery,
  chunksOfChosenSection,
  CLARIFY_MAX_OPTIONS,
  CLARIFY_MIN_OPTIONS,
  type ClarifyChoice,
  type ClarifyDecision,
  type ClarifyFacts,
  type ClarifyOption,
  type ClarifySettings,
  type ClarifySkipReason,
  clarificationReply,
  decideClarification,
  DEFAULT_CLARIFY_SETTINGS,
  NONE_OPTION_ID,
  readChoice,
} from './clarify/clarification.js';
export { sectionHeading, sectionTitleOf } from './clarify/section-title.js';
export { REPHRASE_REQUEST } from './texts/rephrase-request.js';
export { availabilityText, type SupportAvailability } from './texts/availability-text.js';
export { waitingText } from './texts/waiting-text.js';
export {
  type OrderRecordText,
  orderRecordText,
  returnOfferedIn,
  returnOfferQuestion,
  whichOrderQuestion,
} from './texts/order-record-text.js';
export {
  CHANNEL_LABELS,
  CHANNEL_NOTICES,
  type ChannelNotice,
  channelNotice,
} from './texts/channel-notices.js';
export {
  buildSystemPrompt,
  confidentialPromptTexts,
  SYSTEM_PROMPT_EN,
} from './prompt/system-prompt.js';
export {
  formatChunksForPrompt,
  parseChunksFromToolMessage,
  type PromptChunk,
} from './prompt/prompt-chunks.js';
export { type JsonObjectSchema, type ToolSpec } from './tools/tool-spec.js';
export {
  ESCALATE_TOOL,
  ORDER_TOOL_NAMES,
  ORDER_TOOLS,
  type OrderToolName,
  SEARCH_KNOWLEDGE_BASE_TOOL,
} from './tools/tool-names.js';
export {
  agentToolSpecs,
  ESCALATE_SPEC,
  ORDER_TOOL_SPECS,
  SEARCH_KNOWLEDGE_BASE_SPEC,
} from './tools/agent-tool-specs.js';
export { TOOL_REPLIES, unknownToolReply } from './tools/tool-replies.js';
