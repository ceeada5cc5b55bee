import {
  ESCALATE_TOOL,
  parseChunksFromToolMessage,
  type PromptChunk,
  REPHRASE_REQUEST,
  replyLanguage,
  sectionHeading,
  SEARCH_KNOWLEDGE_BASE_TOOL,
} from '@support/policy';
import { answerText, asksForHuman, SENTENCE_MIN_SCORE, selectAnswer } from '@support/reading';
import { contentTerms, detectLanguage, type Language } from '@support/text';
import {
  type ChatCompletion,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  userText,
} from './chat-model.js';
import { nextOrderStep } from './order-intents/order-turn.js';

/** The arguments of the escalate call the responder makes when the customer asks for a human. */
export const CUSTOMER_ASKED_FOR_HUMAN = { reason: 'customer asked for a human' } as const;

export interface ExtractiveResponderOptions {
  /** At most this many sentences in an answer (default 3). */
  maxSentences?: number;
}

/**
 * The embedded default chat model: no model at all, deterministic. For the last user message:
 *
 * 1. it asks for a human and `escalate` is offered → calls `escalate` ({@link CUSTOMER_ASKED_FOR_HUMAN});
 * 2. no tool has answered since that message, `search_knowledge_base` is offered and the message
 *    has content words → calls `search_knowledge_base` with `{ query: <the message text> }`;
 * 3. the latest tool message since then is a chunks block ({@link parseChunksFromToolMessage}) →
 *    answers with the 1–3 sentences of those chunks that answer the question ({@link selectAnswer}:
 *    the kind of fact asked for, the question's rare terms, one document unless the question has
 *    two parts, never padding), in the customer's language when one clears the sentence floor,
 *    each sentence verbatim and followed by ` [chunkId]`, one per line, in chunk order;
 * 4. otherwise (no sentence clears the floor, another tool's result, a greeting) → asks the
 *    customer to rephrase ({@link REPHRASE_REQUEST}), in their language, with no facts.
 *
 * A message about the customer's own orders (unless it asks for a human) is answered from the
 * order tools instead, step by step ({@link nextOrderStep}).
 */
export class ExtractiveResponder implements ChatModel {
  readonly id = 'extractive';
  readonly answersVerbatim = true;
  private readonly maxSentences: number;

  constructor(options: ExtractiveResponderOptions = {}) {
    this.maxSentences = options.maxSentences ?? 3;
  }

  async complete(request: ChatRequest): Promise<ChatCompletion> {
    request.signal?.throwIfAborted();
    const { messages } = request;
    const offered = new Set((request.tools ?? []).map((tool) => tool.name));
    const lastUser = messages.findLastIndex((message) => message.role === 'user');
    const userMessage = messages[lastUser];
    if (userMessage?.role !== 'user') return reply(REPHRASE_REQUEST.en);
    const question = userText(userMessage);
    const language = detectLanguage(question);
    const sinceUser = messages.slice(lastUser + 1);
    const rephrase = reply(REPHRASE_REQUEST[replyLanguage(language)]);
    // The customer's own orders are the order tools' to answer (order-intents/order-turn.ts).
    const orderStep = asksForHuman(question)
      ? null
      : nextOrderStep({
          messages,
          lastUser,
          question,
          offered,
          language: replyLanguage(language),
        });
    if (orderStep?.kind === 'call') return call(messages, orderStep.tool, orderStep.arguments);
    if (orderStep?.kind === 'reply') return reply(orderStep.text);

    if (!sinceUser.some((message) => message.role === 'tool')) {
      if (offered.has(ESCALATE_TOOL) && asksForHuman(question))
        return call(messages, ESCALATE_TOOL, { ...CUSTOMER_ASKED_FOR_HUMAN });
      if (offered.has(SEARCH_KNOWLEDGE_BASE_TOOL) && contentTerms(question).size > 0)
        return call(messages, SEARCH_KNOWLEDGE_BASE_TOOL, { query: question });
      return rephrase;
    }
    const chunks = latestChunks(sinceUser);
    if (chunks === null) return rephrase;
    const answer = this.answer(question, language, chunks);
    return answer === null ? rephrase : reply(answer);
  }

  private answer(question: string, language: Language, chunks: PromptChunk[]): string | null {
    const { picked, scored } = selectAnswer(question, chunks, {
      maxSentences: this.maxSentences,
      language,
    });
    if (picked.length === 0) return null;
    // A section's heading names a subject and states nothing: alone it is no answer (a question
    // that repeats a heading, as a clarification's choice does, would otherwise get it back).
    const isHeading = (s: (typeof picked)[number]) =>
      sectionHeading(chunks[s.chunkIndex]?.text ?? '') === s.text;
    if (picked.every(isHeading)) return null;
    return answerText(picked, scored, chunks, SENTENCE_MIN_SCORE);
  }
}

/** The chunks of the most recent tool message that is a chunks block, or null. */
function latestChunks(messages: readonly ChatMessage[]): PromptChunk[] | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message.role !== 'tool') continue;
    const chunks = parseChunksFromToolMessage(message.content);
    if (chunks !== null) return chunks;
  }
  return null;
}

function reply(text: string): ChatCompletion {
  return { text, toolCalls: [], finishReason: 'stop' };
}

// The id only has to be unique within the conversation: the conversation only grows, so its
// length at the time of the call is.
function call(
  messages: readonly ChatMessage[],
  name: string,
  args: Record<string, unknown>,
): ChatCompletion {
  return {
    text: '',
    toolCalls: [{ id: `call_${messages.length}_${name}`, name, arguments: args }],
    finishReason: 'tool_calls',
  };
}
