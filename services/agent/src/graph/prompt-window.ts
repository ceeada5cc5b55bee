import { type ChatMessage, estimateMessageTokens, estimateRequestTokens } from '@support/models';
import type { ToolSpec } from '@support/policy';
import {
  type ConversationMemory,
  foldTurns,
  memoryNote,
  splitTurns,
} from './conversation-memory.js';

/** The prompt's share of the model's context: `MODEL_CONTEXT_TOKENS` less `MODEL_ANSWER_TOKENS`. */
export interface PromptBudget {
  readonly contextTokens: number;
  readonly answerTokens: number;
}

/** The defaults of `MODEL_CONTEXT_TOKENS` and `MODEL_ANSWER_TOKENS` (agent-env.ts says why). */
export const DEFAULT_PROMPT_BUDGET: PromptBudget = { contextTokens: 16_384, answerTokens: 512 };

export interface PromptWindowInput {
  readonly systemPrompt: string;
  readonly tools: readonly ToolSpec[];
  readonly memory: ConversationMemory;
  /** Earlier turns, compacted, oldest first. */
  readonly history: readonly ChatMessage[];
  /** The current turn: the customer's message and what the model and tools said since. */
  readonly current: readonly ChatMessage[];
  readonly budget: PromptBudget;
}

export type PromptWindow =
  | {
      readonly fits: true;
      readonly messages: ChatMessage[];
      /** The whole request (messages and tools) in the served model's tokens, never under its count. */
      readonly tokens: number;
      /** Earlier turns in the prompt. */
      readonly turnsKept: number;
    }
  | { readonly fits: false; readonly tokens: number; readonly limit: number };

/**
 * The prompt of one model call: the system prompt (with the memory note), the current turn in
 * full, and as many of the newest earlier turns as fit the budget; the earlier turns left out are
 * folded into the memory note. `fits: false` when even the current turn alone does not fit.
 */
export function assemblePrompt(input: PromptWindowInput): PromptWindow {
  const limit = input.budget.contextTokens - input.budget.answerTokens;
  const turns = splitTurns(input.history);
  const turnTokens = turns.map((turn) =>
    turn.reduce((sum, message) => sum + estimateMessageTokens(message), 0),
  );
  // The tools, the current turn and the generation prompt: in every attempt.
  const fixed = estimateRequestTokens({ messages: input.current, tools: input.tools });
  const systemOf = (memory: ConversationMemory) => {
    const note = memoryNote(memory);
    return {
      role: 'system' as const,
      content: note ? `${input.systemPrompt}\n\n${note}` : input.systemPrompt,
    };
  };
  const attempt = (kept: number) => {
    const dropped = turns.slice(0, turns.length - kept);
    const system = systemOf(dropped.length ? foldTurns(input.memory, dropped) : input.memory);
    let tokens = fixed + estimateMessageTokens(system);
    for (let i = turns.length - kept; i < turns.length; i += 1) tokens += turnTokens[i]!;
    const messages = [system, ...turns.slice(turns.length - kept).flat(), ...input.current];
    return { fits: true as const, messages, tokens, turnsKept: kept };
  };
  // Newest turns first: fewer kept means a longer note, so each count is tried in turn.
  for (let kept = turns.length; kept > 0; kept -= 1) {
    const window = attempt(kept);
    if (window.tokens <= limit) return window;
  }
  const alone = attempt(0);
  return alone.tokens <= limit ? alone : { fits: false, tokens: alone.tokens, limit };
}
