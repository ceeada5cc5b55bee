import type { Language } from '@support/contracts';
import { type ChatMessage, userText } from '@support/models';
import { parseChunksFromToolMessage } from '@support/policy';
import { detectLanguage } from '@support/text';

/**
 * What the agent keeps of turns that no longer fit the prompt: deterministic, so the same
 * conversation always gives the same note (no model summarises anything).
 */
export interface ConversationMemory {
  /** Order numbers the customer, the model's tool calls or the replies named; newest last. */
  readonly orders: readonly string[];
  /** The language of the customer's latest remembered message. */
  readonly language: Language | null;
  /** The customer's latest remembered question when its turn ended without a cited answer. */
  readonly openQuestion: string | null;
}

export const EMPTY_MEMORY: ConversationMemory = { orders: [], language: null, openQuestion: null };

/** Orders remembered at most: the newest ones. */
export const MEMORY_ORDERS = 5;
/** Characters of the open question kept. */
export const MEMORY_QUESTION_CHARS = 200;

const ORDER_ID = /\bORD-\d+\b/gi;
const CITATION = /\[[^\s[\]]+\]/;

/** One turn: the customer's message and everything that answered it. */
export type Turn = readonly ChatMessage[];

/** The turns of a message list: each starts at a customer message. */
export function splitTurns(messages: readonly ChatMessage[]): Turn[] {
  const turns: ChatMessage[][] = [];
  for (const message of messages) {
    if (message.role === 'user' || turns.length === 0) turns.push([message]);
    else turns.at(-1)!.push(message);
  }
  return turns;
}

function ordersIn(text: string): string[] {
  return (text.match(ORDER_ID) ?? []).map((id) => id.toUpperCase());
}

/** The memory after `turns` (oldest first) fell out of the prompt. */
export function foldTurns(memory: ConversationMemory, turns: readonly Turn[]): ConversationMemory {
  let { orders, language, openQuestion } = memory;
  for (const turn of turns) {
    const mentioned: string[] = [];
    let answered = false;
    for (const message of turn) {
      if (message.role === 'user') {
        const text = userText(message);
        mentioned.push(...ordersIn(text));
        if (text.trim()) language = detectLanguage(text);
      } else if (message.role === 'assistant') {
        mentioned.push(...ordersIn(message.content));
        for (const call of message.toolCalls ?? [])
          mentioned.push(...ordersIn(JSON.stringify(call.arguments)));
        answered = CITATION.test(message.content);
      }
    }
    const first = turn[0];
    const question = first?.role === 'user' ? userText(first).trim() : '';
    openQuestion = answered || !question ? null : question.slice(0, MEMORY_QUESTION_CHARS);
    const merged = [...orders.filter((o) => !mentioned.includes(o)), ...new Set(mentioned)];
    orders = merged.slice(-MEMORY_ORDERS);
  }
  return { orders, language, openQuestion };
}

const LANGUAGE_NAME: Readonly<Record<Language, string>> = {
  en: 'English',
  ar: 'Arabic',
  mixed: 'Arabic and English',
};

/**
 * The memory as a system-side note, or '' when there is nothing to say. It names facts the
 * customer gave, never sources: a reply may cite only this turn's chunks, and the validator refuses
 * anything else.
 */
export function memoryNote(memory: ConversationMemory): string {
  const lines: string[] = [];
  if (memory.orders.length) lines.push(`Orders mentioned: ${memory.orders.join(', ')}.`);
  if (memory.language) lines.push(`The customer wrote in ${LANGUAGE_NAME[memory.language]}.`);
  if (memory.openQuestion) lines.push(`Still unanswered: ${JSON.stringify(memory.openQuestion)}.`);
  if (!lines.length) return '';
  return [
    'Memory of earlier turns no longer shown (context only, not a source: never cite it):',
    ...lines,
  ].join('\n');
}

/**
 * A finished turn as it stays in the history: the customer's words and the replies in full, a
 * photo as "(photo)", and each tool result collapsed to the ids and titles it returned (their text
 * was for that turn only, and only the current turn's chunks may be cited).
 */
export function compactTurn(turn: Turn): ChatMessage[] {
  return turn.map((message): ChatMessage => {
    if (message.role === 'user' && typeof message.content !== 'string')
      return {
        role: 'user',
        content: [userText(message), ...message.content.filter((p) => p.type === 'image')]
          .map((p) => (typeof p === 'string' ? p : '(photo)'))
          .filter(Boolean)
          .join('\n\n'),
      };
    if (message.role !== 'tool') return message;
    const chunks = parseChunksFromToolMessage(message.content);
    if (chunks === null) return message;
    const listed = chunks.map((c) => `${c.chunkId}${c.title ? ` (${c.title})` : ''}`);
    // The result's data was for that turn's answer only: the history keeps the names.
    return {
      role: 'tool',
      toolCallId: message.toolCallId,
      content: `Returned in an earlier turn, no longer citable: ${listed.join('; ') || 'nothing'}.`,
    };
  });
}
