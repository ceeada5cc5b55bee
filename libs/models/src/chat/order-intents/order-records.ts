import { parseChunksFromToolMessage } from '@support/policy';
import type { ChatMessage } from '../chat-model.js';

/** A tool's result as data: read defensively, it is only JSON. */
export type RecordData = Readonly<Record<string, unknown>>;

/**
 * A tool's result as the agent put it in the prompt: a citeable record of sentences a customer
 * reads (one a line), with the result's data beside it to decide what to do next.
 */
export interface ToolRecord {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly chunkId: string;
  readonly sentences: readonly string[];
  readonly data: RecordData;
}

/** The entries of a list field of the data (`orders`, `items`), objects only. */
export function entriesOf(data: RecordData, list: string): RecordData[] {
  const value = data[list];
  return Array.isArray(value)
    ? value.filter((entry): entry is RecordData => typeof entry === 'object' && entry !== null)
    : [];
}

/** The string at `key`, or undefined. */
export function textOf(data: RecordData, key: string): string | undefined {
  return typeof data[key] === 'string' ? (data[key] as string) : undefined;
}

/**
 * The records of the tools called since the customer's last message, in call order: the tool's
 * name and arguments (from the assistant's call), its `<chunk>` and its data (from the tool's
 * answer). A tool answer that is not a record (an error text) is left out.
 */
export function recordsSince(messages: readonly ChatMessage[], lastUser: number): ToolRecord[] {
  const calls = new Map<string, { name: string; arguments: Record<string, unknown> }>();
  const records: ToolRecord[] = [];
  for (const message of messages.slice(lastUser + 1)) {
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) calls.set(call.id, call);
    if (message.role !== 'tool') continue;
    const call = calls.get(message.toolCallId);
    const [chunk] = parseChunksFromToolMessage(message.content) ?? [];
    if (call === undefined || chunk === undefined) continue;
    records.push({
      tool: call.name,
      arguments: call.arguments,
      chunkId: chunk.chunkId,
      sentences: chunk.text.split('\n').filter((line) => line.trim() !== ''),
      data: (typeof message.data === 'object' && message.data !== null
        ? message.data
        : {}) as RecordData,
    });
  }
  return records;
}
