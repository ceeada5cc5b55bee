import 'reflect-metadata';

export {
  causedBy,
  type EventEnvelope,
  EventEnvelopeDto,
  type EventMetadata,
  inheritSynthetic,
  isSynthetic,
} from './envelope.js';
export { ContractViolation, UnsupportedEventVersion } from './contract-error.js';
export {
  defineEvent,
  type EnvelopeOf,
  type EventDefinition,
  type PayloadOf,
  SUBJECT_PREFIX,
  type Upcaster,
} from './event-definition.js';
export { validatePlain } from './validation.js';
export { createEvent, decodeEvent, encodeEvent, encodeValidEvent, isEvent } from './codec.js';
export {
  ALL_EVENTS,
  EventRegistry,
  eventRegistry,
  type KnownEventDefinition,
  type KnownEventType,
} from './registry.js';
export {
  ADMIN_ID_MAX_CHARS,
  ADMIN_REPLY_MAX_CHARS,
  ATTACHMENT_FILE_NAME_MAX_CHARS,
  ATTACHMENT_MAX_BYTES,
  CHUNK_TEXT_MAX_CHARS,
  CLIENT_MESSAGE_ID_MAX_CHARS,
  CONSUMER_NAME_MAX_CHARS,
  CUSTOMER_ID_MAX_CHARS,
  DEAD_LETTER_REASON_MAX_CHARS,
  DOC_BODY_MAX_CHARS,
  DOC_ID_MAX_CHARS,
  DOC_TITLE_MAX_CHARS,
  DOC_TOPIC_MAX_CHARS,
  DRAFT_LIMITS,
  EMBEDDER_NAME_MAX_CHARS,
  ERROR_CODE_MAX_CHARS,
  ERROR_MESSAGE_MAX_CHARS,
  ESCALATION_QUESTION_MAX_CHARS,
  EVENT_ID_MAX_CHARS,
  EXTERNAL_REPLY_ID_MAX_CHARS,
  GATE_SENTENCE_MAX_CHARS,
  MAX_FINDING_SENTENCE_CHARS,
  MAX_GATE_SENTENCES,
  MAX_QUARANTINE_FINDINGS,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_CHARS,
  NATS_SUBJECT_MAX_CHARS,
  OPTION_ID_MAX_CHARS,
  OPTION_TITLE_MAX_CHARS,
  CLARIFICATION_MAX_SECTIONS,
  PROVIDER_ERROR_TEXT_MAX_CHARS,
  PROVIDER_MESSAGE_ID_MAX_CHARS,
  QUERY_MAX_CHARS,
  REPLY_DRAFT_MAX_CHARS,
  REPLY_MAX_CHARS,
  REPLY_MAX_OPTIONS,
  REPLY_MAX_PARTS,
  RERANK_MAX_CANDIDATES,
  SLACK_REF_MAX_CHARS,
  TEMPLATE_REF_MAX_CHARS,
  TRANSCRIPT_LINE_MAX_CHARS,
  ORDER_REF_MAX_CHARS,
  TRANSCRIPT_MAX_ENTRIES,
  VERDICT_PROBLEM_MAX_CHARS,
  VERDICT_SENTENCE_MAX_CHARS,
  WHATSAPP_TEXT_MAX_CHARS,
} from './limits.js';
export {
  CHUNK_ID_PATTERN,
  ChunkDto,
  ChunkScoreDto,
  CitationDto,
  DOC_LANGUAGES,
  type DocLanguage,
  ErrorInfoDto,
  type Language,
  LANGUAGES,
} from './events/shared.dto.js';
export {
  ATTACHMENT_MIME_TYPES,
  AttachmentDto,
  MESSAGE_CHANNELS,
  type MessageChannel,
  MessageReceived,
  MessageReceivedPayload,
} from './events/conversation/message-received.event.js';
export { ChoiceDto, ReplyOptionDto } from './events/conversation/choice.dto.js';
export { type ImageMimeType, imageTypeOf } from './attachments/image-signature.js';
export {
  WHATSAPP_MESSAGE_KINDS,
  WhatsAppChoiceDto,
  WhatsAppMediaDto,
  WhatsAppMessageAccepted,
  WhatsAppMessageAcceptedPayload,
  type WhatsAppMessageKind,
} from './events/whatsapp/message-accepted.event.js';
export {
  ChannelErrorDto,
  DELIVERY_CHANNELS,
  type DeliveryChannel,
} from './events/channel/channel-error.dto.js';
export {
  ReplyDelivered,
  ReplyDeliveredPayload,
  TemplateRefDto,
} from './events/channel/reply-delivered.event.js';
export { ReplyFailed, ReplyFailedPayload } from './events/channel/reply-failed.event.js';
export {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  DeliveryUpdated,
  DeliveryUpdatedPayload,
} from './events/channel/delivery-updated.event.js';
export {
  RetrievalRequested,
  RetrievalRequestedPayload,
} from './events/retrieval/retrieval-requested.event.js';
export {
  FusedHitDto,
  GateTraceDto,
  LEG_STATUSES,
  LegTraceDto,
  RerankTraceDto,
  RETRIEVAL_LEGS,
  RETRIEVAL_VERDICTS,
  RetrievalCompleted,
  RetrievalCompletedPayload,
  type RetrievalLeg,
  type RetrievalVerdict,
  SentenceGateDto,
  SentenceScoreDto,
} from './events/retrieval/retrieval-completed.event.js';
export {
  RerankCandidateDto,
  RerankRequested,
  RerankRequestedPayload,
} from './events/rerank/rerank-requested.event.js';
export { RerankCompleted, RerankCompletedPayload } from './events/rerank/rerank-completed.event.js';
export {
  REPLY_KINDS,
  type ReplyKind,
  ReplySent,
  ReplySentPayload,
  SentenceVerdictDto,
  ValidationVerdictDto,
} from './events/agent/reply-sent.event.js';
export {
  ClarificationOffered,
  ClarificationOfferedPayload,
  OfferedSectionDto,
} from './events/clarification/clarification-offered.event.js';
export {
  CLARIFICATION_OUTCOMES,
  ClarificationChosen,
  ClarificationChosenPayload,
  type ClarificationOutcome,
} from './events/clarification/clarification-chosen.event.js';
export {
  ESCALATION_GROUPS,
  ESCALATION_REASONS,
  ESCALATION_TOPICS,
  type EscalationGroup,
  type EscalationReason,
  type EscalationTopic,
} from './events/escalation/escalation-reasons.js';
export {
  escalationReasonOf,
  TURN_OUTCOME_REASONS,
  TURN_OUTCOMES,
  TurnOutcome,
  type TurnOutcomeKind,
  TurnOutcomePayload,
  type TurnOutcomeReason,
} from './events/turn/turn-outcome.event.js';
export {
  EscalationRaised,
  EscalationRaisedPayload,
  TranscriptEntryDto,
} from './events/escalation/escalation-raised.event.js';
export { ThreadOpened, ThreadOpenedPayload } from './events/escalation/thread-opened.event.js';
export { AdminReplied, AdminRepliedPayload } from './events/escalation/admin-replied.event.js';
export {
  EscalationClassified,
  EscalationClassifiedPayload,
} from './events/escalation/escalation-classified.event.js';
export {
  WithdrawalRequested,
  WithdrawalRequestedPayload,
} from './events/conversation/withdrawal-requested.event.js';
export {
  EscalationWithdrawn,
  EscalationWithdrawnPayload,
} from './events/escalation/escalation-withdrawn.event.js';
export {
  ADMIN_ID_PATTERN,
  EscalationClaimed,
  EscalationClaimedPayload,
} from './events/escalation/escalation-claimed.event.js';
export {
  EscalationClaimReleased,
  EscalationClaimReleasedPayload,
} from './events/escalation/escalation-claim-released.event.js';
export { DocumentUpserted, DocumentUpsertedPayload } from './events/kb/document-upserted.event.js';
export { DocumentIndexed, DocumentIndexedPayload } from './events/kb/document-indexed.event.js';
export {
  DocumentQuarantined,
  DocumentQuarantinedPayload,
  PLANTED_INSTRUCTION_RULES,
  type PlantedInstructionRule,
  QuarantineFindingDto,
} from './events/kb/document-quarantined.event.js';
export {
  DOCUMENT_SOURCES,
  type DocumentSource,
  DRAFT_ORIGINS,
  type DraftOrigin,
  GAP_ID_PATTERN,
} from './events/kb/knowledge-gap.dto.js';
export { DraftCreated, DraftCreatedPayload } from './events/kb/draft-created.event.js';
export { DraftPublished, DraftPublishedPayload } from './events/kb/draft-published.event.js';
export { DraftDiscarded, DraftDiscardedPayload } from './events/kb/draft-discarded.event.js';
export { DeadLettered, DeadLetteredPayload } from './events/deadletter/dead-lettered.event.js';
export {
  DeadLetterRedriven,
  DeadLetterRedrivenPayload,
} from './events/deadletter/dead-letter-redriven.event.js';
export { EXAMPLE_PAYLOADS, exampleEvent } from './examples.js';
export { buildAsyncApiDocument } from './asyncapi/build-asyncapi.js';
export {
  formatSealed,
  isLegacyPlain,
  isSealed,
  LEGACY_PLAIN_VERSION,
  legacyPlain,
  parseSealed,
  readLegacyPlain,
  SEALED_VERSION,
  type SealedParts,
  sealedLengthFor,
} from './personal/sealed-format.js';
export {
  CustomerForgotten,
  CustomerForgottenPayload,
  FORGET_REASONS,
  type ForgetReason,
} from './events/customer/customer-forgotten.event.js';
export {
  classesWithProviderMessageRefs,
  isLegacyProviderMessageId,
  isProviderMessageRef,
  LEGACY_PROVIDER_MESSAGE_ID_VERSION,
  legacyProviderMessageId,
  PROVIDER_MESSAGE_REF_VERSION,
  ProviderMessageRef,
  readLegacyProviderMessageId,
} from './personal/provider-message-ref.js';
export {
  classesWithPersonalFields,
  personalFieldsOf,
  PersonalBytes,
  type PersonalKind,
  PersonalText,
} from './personal/personal-field.js';
