import { parseChunksFromToolMessage } from '@support/policy';
import type { ChatMessage } from '../chat-model.js';

/** One line of a tool record, `orders 1 orderId: ORD-1002.` → path [orders, 1], key, value. */
export interface RecordLine {
  readonly path: readonly string[];
  readonly key: string;
  readonly value: string;
}

/** A tool's result as the agent put it in the prompt: a citeable record of `key: value.` lines. */
export interface ToolRecord {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly chunkId: string;
  readonly lines: readonly RecordLine[];
}

const LINE = /^((?:[A-Za-z0-9_]+ )*)([A-Za-z0-9_]+): (.*)\.$/;

export function recordLines(text: string): RecordLine[] {
  return text.split('\n').flatMap((line) => {
    const match = LINE.exec(line.trim());
    if (match === null) return [];
    const [, prefix, key, value] = match;
    return [
      { path: prefix!.trim() === '' ? [] : prefix!.trim().split(' '), key: key!, value: value! },
    ];
  });
}

/** The value of a top-level `key`, or undefined when absent or `null`. */
export function valueOf(record: ToolRecord, key: string): string | undefined {
  const line = record.lines.find((l) => l.path.length === 0 && l.key === key);
  return line === undefined || line.value === 'null' ? undefined : line.value;
}

/** The entries of a list field (`orders 1 ...`, `orders 2 ...`), each with its own top-level keys. */
export function entriesOf(record: ToolRecord, list: string): Map<string, string>[] {
  const entries = new Map<string, Map<string, string>>();
  for (const line of record.lines) {
    if (line.path.length !== 2 || line.path[0] !== list) continue;
    const index = line.path[1]!;
    if (!entries.has(index)) entries.set(index, new Map());
    if (line.value !== 'null') entries.get(index)!.set(line.key, line.value);
  }
  return [...entries.values()];
}

/**
 * The records of the tools called since the customer's last message, in call order: the tool's
 * name and arguments (from the assistant's call) and its `<chunk>` (from the tool's answer). A
 * tool answer that is not a record (an error text) is left out.
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
      lines: recordLines(chunk.text),
    });
  }
  return records;
}
