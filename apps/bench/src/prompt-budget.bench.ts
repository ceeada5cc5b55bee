import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assemblePrompt, compactTurn, EMPTY_MEMORY } from '@support/agent';
import { type ChatMessage, loadQwenTokenizer } from '@support/models';
import {
  agentToolSpecs,
  buildSystemPrompt,
  formatChunksForPrompt,
  ORDER_TOOL_SPECS,
  SEARCH_KNOWLEDGE_BASE_TOOL,
} from '@support/policy';

export interface PromptBudgetOptions {
  readonly kbDir: string;
  /** Earlier turns in the conversation. */
  readonly turns: number;
  readonly contextTokens: number;
  readonly answerTokens: number;
}

/**
 * The rule before the served model's tokenizer counted the prompt: one token per UTF-8 byte,
 * 32 a message and 512 for the tool list's preamble (kept here only to measure against).
 */
function byteBound(messages: readonly ChatMessage[], tools: readonly unknown[]): number {
  const bytes = (text: string) => Buffer.byteLength(text);
  const json = (value: unknown) =>
    [...JSON.stringify(value)].reduce((sum, ch) => sum + (ch.charCodeAt(0) < 0x80 ? 1 : 6), 0);
  let tokens = tools.length ? 512 + tools.reduce<number>((sum, t) => sum + 32 + json(t), 0) : 0;
  for (const message of messages) {
    tokens += 32 + bytes(message.role);
    if (typeof message.content !== 'string')
      for (const part of message.content) tokens += part.type === 'text' ? bytes(part.text) : 1280;
    else tokens += bytes(message.content);
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? [])
        tokens += 32 + bytes(call.name) + json(call.arguments);
    if (message.role === 'tool') tokens += bytes(message.toolCallId);
  }
  return tokens;
}

/** One turn of a support conversation: question, search, the four chunks, a cited answer. */
function turn(n: number, chunks: { id: string; text: string }[], arabic: boolean): ChatMessage[] {
  const found = chunks.slice((n * 4) % Math.max(chunks.length - 4, 1)).slice(0, 4);
  const question = arabic
    ? `متى يصل طلبي رقم ORD-${1000 + n} إلى الرياض، وهل يمكنني إرجاعه إذا لم يناسبني المقاس؟`
    : `When will order ORD-${1000 + n} reach Riyadh, and can I return it if the size is wrong?`;
  const first = found[0]!;
  return [
    { role: 'user', content: question },
    {
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: `call-${n}`, name: SEARCH_KNOWLEDGE_BASE_TOOL, arguments: { query: question } },
      ],
    },
    {
      role: 'tool',
      toolCallId: `call-${n}`,
      content: formatChunksForPrompt(found.map((c) => ({ chunkId: c.id, text: c.text }))),
    },
    {
      role: 'assistant',
      content: `${first.text.split(/(?<=[.!?؟])\s/)[0]} [${first.id}]`,
    },
  ];
}

/** The knowledge base's paragraphs as chunks, as ingestion cuts them (roughly). */
function kbChunks(dir: string): { id: string; text: string }[] {
  const chunks: { id: string; text: string }[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const body = readFileSync(join(dir, file), 'utf8').replace(/^---[\s\S]*?---/, '');
    body
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter((p) => p.length > 80)
      .forEach((text, i) => chunks.push({ id: `${file.replace(/\.md$/, '')}#${i + 1}`, text }));
  }
  return chunks;
}

/**
 * How many earlier turns of a long conversation fit the prompt: counted as the served model's
 * tokenizer counts (the agent's `assemblePrompt`) and by the byte rule it replaced, for an English
 * and an Arabic conversation. The checkpoint keeps at most `HISTORY_TURNS_KEPT` of them anyway.
 */
export function promptBudgetBench(
  options: PromptBudgetOptions,
  print: (row: Record<string, unknown>) => void,
): void {
  const chunks = kbChunks(options.kbDir);
  const tools = agentToolSpecs(Object.values(ORDER_TOOL_SPECS));
  const budget = { contextTokens: options.contextTokens, answerTokens: options.answerTokens };
  const limit = options.contextTokens - options.answerTokens;
  loadQwenTokenizer();
  for (const language of ['en', 'ar'] as const) {
    const arabic = language === 'ar';
    const history = Array.from({ length: options.turns }, (_, n) =>
      compactTurn(turn(n, chunks, arabic)),
    ).flat();
    // The current turn up to its answer: question, search and the retrieved chunks.
    const current = turn(options.turns, chunks, arabic).slice(0, 3);
    const systemPrompt = buildSystemPrompt({ language });
    const started = performance.now();
    const window = assemblePrompt({
      systemPrompt,
      tools,
      memory: EMPTY_MEMORY,
      history,
      current,
      budget,
    });
    const countMs = performance.now() - started;
    const wireTools = tools.map((t) => ({ type: 'function', function: t }));
    const fixed = byteBound([{ role: 'system', content: systemPrompt }, ...current], wireTools);
    let before = 0;
    let used = fixed;
    const turns = Array.from({ length: options.turns }, (_, n) =>
      compactTurn(turn(n, chunks, arabic)),
    );
    for (let i = turns.length - 1; i >= 0 && used + byteBound(turns[i]!, []) <= limit; i -= 1) {
      used += byteBound(turns[i]!, []);
      before += 1;
    }
    print({
      bench: 'prompt_budget',
      language,
      context_tokens: options.contextTokens,
      answer_tokens: options.answerTokens,
      history_turns: options.turns,
      turns_fit_bytes: before,
      turns_fit_tokens: window.fits ? window.turnsKept : 0,
      fixed_bytes: fixed,
      prompt_tokens: window.tokens,
      count_ms: Number(countMs.toFixed(1)),
    });
  }
}
