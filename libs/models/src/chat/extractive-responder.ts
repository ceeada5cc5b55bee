import { contentTerms, detectLanguage, type Language } from '@support/text';
import {
  type ChatCompletion,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  ESCALATE_TOOL,
  SEARCH_KNOWLEDGE_BASE_TOOL,
  userText,
} from './chat-model.js';
import { asksForHuman } from './human-request.js';
import { parseChunksFromToolMessage, type PromptChunk } from './prompt-chunks.js';
import { REPHRASE_REQUEST } from './rephrase-request.js';
import { splitSentences } from './sentences.js';

/** The arguments of the escalate call the responder makes when the customer asks for a human. */
export const CUSTOMER_ASKED_FOR_HUMAN = { reason: 'customer asked for a human' } as const;

export interface ExtractiveResponderOptions {
  /** At most this many sentences in an answer (default 3). */
  maxSentences?: number;
}

interface Candidate {
  chunk: PromptChunk;
  chunkIndex: number;
  sentenceIndex: number;
  text: string;
  /** The question's content terms this sentence contains. */
  terms: Set<string>;
}

/**
 * The embedded default chat model: no model at all, deterministic. For the last user message:
 *
 * 1. it asks for a human and `escalate` is offered → calls `escalate` ({@link CUSTOMER_ASKED_FOR_HUMAN});
 * 2. no tool has answered since that message, `search_knowledge_base` is offered and the message
 *    has content words → calls `search_knowledge_base` with `{ query: <the message text> }`;
 * 3. the latest tool message since then is a chunks block ({@link parseChunksFromToolMessage}) →
 *    answers with the 1–3 sentences of those chunks that best cover the question's content terms
 *    (normalised, stemmed, stop words dropped), picked greedily by the terms each adds, from the
 *    chunks in the customer's language when one of them covers anything ('mixed' → Arabic first),
 *    each sentence verbatim and followed by ` [chunkId]`, one per line, in chunk order;
 * 4. otherwise (nothing covers the question, another tool's result, a greeting) → asks the
 *    customer to rephrase ({@link REPHRASE_REQUEST}), in their language, with no facts.
 */
export class ExtractiveResponder implements ChatModel {
  readonly id = 'extractive';
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
    const rephrase = reply(REPHRASE_REQUEST[language === 'en' ? 'en' : 'ar']);

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
    const wanted = contentTerms(question);
    if (wanted.size === 0) return null;
    const candidates: Candidate[] = chunks.flatMap((chunk, chunkIndex) =>
      splitSentences(chunk.text).map((text, sentenceIndex) => ({
        chunk,
        chunkIndex,
        sentenceIndex,
        text,
        terms: new Set([...contentTerms(text)].filter((term) => wanted.has(term))),
      })),
    );
    const scoring = candidates.filter((candidate) => candidate.terms.size > 0);
    const inLanguage = (lang: 'en' | 'ar') =>
      scoring.filter((candidate) => chunkLanguages(candidate.chunk).has(lang));
    let pool: Candidate[];
    if (language === 'en') pool = inLanguage('en');
    else if (language === 'ar') pool = inLanguage('ar');
    else pool = inLanguage('ar').length > 0 ? inLanguage('ar') : inLanguage('en');
    if (pool.length === 0) pool = scoring;

    // Rare question terms weigh more than common ones: "Muscat" says more about which sentence
    // answers "how long does delivery to Muscat take?" than "long" or "take".
    const documentFrequency = new Map<string, number>();
    for (const candidate of candidates)
      for (const term of candidate.terms)
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    const weight = (term: string) =>
      Math.log(1 + candidates.length / (documentFrequency.get(term) ?? 1));

    // Greedy cover: each pick adds the most (weighted) question terms not yet covered; ties go to
    // the higher-ranked chunk (chunks arrive in rank order), then the earlier sentence.
    const covered = new Set<string>();
    const picked: Candidate[] = [];
    let firstGain = 0;
    while (picked.length < this.maxSentences) {
      let best: Candidate | undefined;
      let bestGain = 0;
      for (const candidate of pool) {
        if (picked.includes(candidate)) continue;
        // After the first pick, another document must earn its place: a sentence from elsewhere
        // that adds little is how a right answer picks up a wrong citation.
        const otherDocument =
          picked.length > 0 && documentOf(candidate.chunk) !== documentOf(picked[0]!.chunk);
        let gain = 0;
        for (const term of candidate.terms) if (!covered.has(term)) gain += weight(term);
        if (otherDocument && gain < firstGain / 3) continue;
        if (gain > bestGain) [best, bestGain] = [candidate, gain];
      }
      if (best === undefined) break;
      if (picked.length === 0) firstGain = bestGain;
      picked.push(best);
      for (const term of best.terms) covered.add(term);
    }
    if (picked.length === 0) return null;
    return picked
      .sort((a, b) => a.chunkIndex - b.chunkIndex || a.sentenceIndex - b.sentenceIndex)
      .map((candidate) => `${candidate.text} [${candidate.chunk.chunkId}]`)
      .join('\n');
  }
}

/** `returns-policy` of `returns-policy#2`. */
function documentOf(chunk: PromptChunk): string {
  return chunk.chunkId.replace(/#[^#]*$/, '');
}

/** The languages a chunk counts for: its `lang`, else detected from its text ('mixed' → both). */
function chunkLanguages(chunk: PromptChunk): Set<'en' | 'ar'> {
  const lang = chunk.lang === 'en' || chunk.lang === 'ar' ? chunk.lang : detectLanguage(chunk.text);
  return new Set(lang === 'mixed' ? ['en', 'ar'] : [lang]);
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
