/**
 * Every size limit of the event payloads, in one place and by name: the payload decorators check
 * them, the producers cut or refuse against them (a producer that cut to another number would
 * publish events the consumers refuse), and the gateway hands the customer-facing ones to the web
 * pages (`/protocol.js`). A limit that must follow another one is written in terms of it.
 */

// --- People and references --------------------------------------------------------------------

/** A customer id (also a customer token's `sub`). */
export const CUSTOMER_ID_MAX_CHARS = 128;
/** An admin id: a staff token's `sub`, signed like a customer's. */
export const ADMIN_ID_MAX_CHARS = CUSTOMER_ID_MAX_CHARS;
/** The id a client gives a message or a reply so that a resend is recognised. */
export const CLIENT_MESSAGE_ID_MAX_CHARS = 64;
/** A Slack channel id or thread timestamp of a handoff thread. */
export const SLACK_REF_MAX_CHARS = 128;
/** The channel's own id of an admin reply (the Slack message), used to drop its redeliveries. */
export const EXTERNAL_REPLY_ID_MAX_CHARS = 256;
/** A channel provider's id of a message (WhatsApp's `wamid.…`) or of a media object. */
export const PROVIDER_MESSAGE_ID_MAX_CHARS = 256;

// --- Customer messages -------------------------------------------------------------------------

/** A customer message's text, or a photo's caption. */
export const MESSAGE_MAX_CHARS = 4000;
export const MESSAGE_MAX_ATTACHMENTS = 4;
/** A photo's raw bytes; base64 keeps the whole event under the bus's 1 MiB message limit. */
export const ATTACHMENT_MAX_BYTES = 512 * 1024;
export const ATTACHMENT_FILE_NAME_MAX_CHARS = 200;

/** The longest text a WhatsApp message carries (Meta's limit on a text body). */
export const WHATSAPP_TEXT_MAX_CHARS = 4096;

// --- Choices offered in a reply (interactive buttons, numbered options) -------------------------

/** Options one reply offers. */
export const REPLY_MAX_OPTIONS = 10;
/** An option's id, echoed back when the customer chooses it (WhatsApp button ids go to 256). */
export const OPTION_ID_MAX_CHARS = 256;
/** An option's label as the customer sees it. */
export const OPTION_TITLE_MAX_CHARS = 200;
/** Sections one clarification offers at most (besides "none of these"). */
export const CLARIFICATION_MAX_SECTIONS = 3;

// --- Replies and escalations -------------------------------------------------------------------

/** A reply's text, whoever wrote it. */
export const REPLY_MAX_CHARS = 8000;
/** An admin's words reach the customer verbatim, as a `human` reply. */
export const ADMIN_REPLY_MAX_CHARS = REPLY_MAX_CHARS;
/** The model's draft of a reply, kept for the turn trace. */
export const REPLY_DRAFT_MAX_CHARS = REPLY_MAX_CHARS;
/** One sentence of a validation verdict. */
export const VERDICT_SENTENCE_MAX_CHARS = 4000;
/** Why a sentence of a validation verdict failed. */
export const VERDICT_PROBLEM_MAX_CHARS = 500;
/** The customer message of the escalating turn. */
export const ESCALATION_QUESTION_MAX_CHARS = MESSAGE_MAX_CHARS;
/** Lines of an escalation's transcript (the latest ones are kept). */
export const TRANSCRIPT_MAX_ENTRIES = 500;
/** One transcript line: a customer message or a reply. */
export const TRANSCRIPT_LINE_MAX_CHARS = REPLY_MAX_CHARS;
/** An order number an escalation names (`ORD-…`, or one the agent's memory kept). */
export const ORDER_REF_MAX_CHARS = 64;

// --- Retrieval ---------------------------------------------------------------------------------

/** A knowledge-base search text (retrieval and rerank requests). */
export const QUERY_MAX_CHARS = 4000;
/** Candidates of one rerank request. */
export const RERANK_MAX_CANDIDATES = 100;
/** A chunk's text, in a prompt, a trace or a rerank request. */
export const CHUNK_TEXT_MAX_CHARS = 20_000;
/** The sentences a sentence gate lists in the trace, best first. */
export const MAX_GATE_SENTENCES = 8;
/** One sentence a sentence gate lists. */
export const GATE_SENTENCE_MAX_CHARS = 2000;
/** The name of the embedding model that indexed a document. */
export const EMBEDDER_NAME_MAX_CHARS = 200;

// --- Knowledge base ----------------------------------------------------------------------------

export const DOC_ID_MAX_CHARS = 200;
export const DOC_TITLE_MAX_CHARS = 300;
export const DOC_TOPIC_MAX_CHARS = 64;
export const DOC_BODY_MAX_CHARS = 500_000;
/** At most this many findings travel in the event; `findingCount` tells how many there were. */
export const MAX_QUARANTINE_FINDINGS = 50;
/** A finding's sentence is cut to this many characters (an ellipsis marks the cut). */
export const MAX_FINDING_SENTENCE_CHARS = 300;

/** Limits of an article drafted from a gap; a published draft is a document. */
export const DRAFT_LIMITS = {
  titleChars: DOC_TITLE_MAX_CHARS,
  topicChars: DOC_TOPIC_MAX_CHARS,
  bodyChars: 50_000,
  examples: 50,
  exampleChars: 2_000,
  escalations: 500,
} as const;

// --- Channel deliveries ----------------------------------------------------------------------

/** The parts one reply is split into for a channel's message limit. */
export const REPLY_MAX_PARTS = 20;
/** A provider's error title or details, as a delivery failure records them. */
export const PROVIDER_ERROR_TEXT_MAX_CHARS = 1000;
/** An approved message template's name or language code. */
export const TEMPLATE_REF_MAX_CHARS = 512;

// --- Errors and dead letters -------------------------------------------------------------------

/** An error code (`ErrorCode` of the platform, or a dependency's own). */
export const ERROR_CODE_MAX_CHARS = 64;
/** An error's message, as a trace or an event carries it. */
export const ERROR_MESSAGE_MAX_CHARS = 2000;
/** A durable consumer's name. */
export const CONSUMER_NAME_MAX_CHARS = 256;
/** A NATS subject. */
export const NATS_SUBJECT_MAX_CHARS = 256;
/** An event id as a dead letter names it (the original may not be a well-formed envelope). */
export const EVENT_ID_MAX_CHARS = 64;
/** Why a message was dead-lettered (the error's message). */
export const DEAD_LETTER_REASON_MAX_CHARS = 4000;
