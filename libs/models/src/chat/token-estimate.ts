import type { ToolSpec } from '@support/policy';
import type { ChatMessage } from './chat-model.js';

/**
 * Tokens the chat template adds around one message (`<|im_start|>role\n` ... `<|im_end|>\n`, and
 * `<tool_call>` / `<tool_response>` wrappers): the Qwen3 template writes 5 to 12 bytes of markup
 * per message and per tool call, counted here as bytes like everything else.
 */
export const MESSAGE_OVERHEAD_TOKENS = 32;

/**
 * The template's fixed text around the tool list ("# Tools ... <tools></tools> ... <tool_call>
 * ..."): about 420 bytes in Qwen3's template, rounded up.
 */
export const TOOLS_PREAMBLE_TOKENS = 512;

/**
 * A photo's tokens: Qwen3-VL gives an image one token per 32x32 pixels, so the model server must
 * cap photos at 1280 of them (vLLM `--mm-processor-kwargs '{"max_pixels": 1310720}'`, see
 * docs/load.md); its default cap (16,384 tokens) would not fit the context at all.
 */
export const IMAGE_TOKENS = 1280;

const encoder = new TextEncoder();

/**
 * An upper bound on the tokens `text` costs a byte-level BPE tokenizer (Qwen3's, GPT's): its
 * UTF-8 byte count. Byte-level BPE starts from one token per byte and only ever merges two
 * adjacent tokens into one, so no text can come out as more tokens than it has bytes, whatever
 * the vocabulary, the merge order or the pre-tokenizer. Any cheaper rule (per character, per
 * word) can undercount: Qwen3 spends two tokens on each Arabic-Indic digit (`١`, two bytes) and
 * seven on the five characters `ﷺ ﷲ ﻻ`. The price is headroom: prose comes out about four times
 * its real count (English and Arabic alike), which `MODEL_CONTEXT_TOKENS` accounts for.
 */
export function estimateTextTokens(text: string): number {
  // Without allocating: code points under U+0080 are one byte, under U+0800 two, surrogate
  // pairs (four bytes) two code units, the rest three.
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * An upper bound on the tokens of `value` written as JSON by the chat template (tool calls' arguments,
 * tool specs): templates may escape every non-ASCII UTF-16 unit as `\uXXXX`, six bytes each.
 */
export function estimateJsonTokens(value: unknown): number {
  const json = JSON.stringify(value) ?? '';
  let bytes = 0;
  for (let i = 0; i < json.length; i += 1) bytes += json.charCodeAt(i) < 0x80 ? 1 : 6;
  return bytes;
}

/** The bytes `encoder` gives: the reference the fast count is tested against. */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** An upper bound on the tokens one message costs in the prompt, template markup included. */
export function estimateMessageTokens(message: ChatMessage): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS + estimateTextTokens(message.role);
  if (message.role === 'user' && typeof message.content !== 'string') {
    for (const part of message.content)
      tokens += part.type === 'text' ? estimateTextTokens(part.text) : IMAGE_TOKENS;
    return tokens;
  }
  tokens += estimateTextTokens(message.content as string);
  if (message.role === 'assistant')
    for (const call of message.toolCalls ?? [])
      tokens +=
        MESSAGE_OVERHEAD_TOKENS +
        estimateTextTokens(call.name) +
        estimateJsonTokens(call.arguments);
  if (message.role === 'tool') tokens += estimateTextTokens(message.toolCallId);
  return tokens;
}

/** An upper bound on the tokens the tool list costs: the template writes each as JSON. */
export function estimateToolsTokens(tools: readonly ToolSpec[]): number {
  if (tools.length === 0) return 0;
  let tokens = TOOLS_PREAMBLE_TOKENS;
  for (const tool of tools)
    tokens +=
      MESSAGE_OVERHEAD_TOKENS +
      estimateJsonTokens({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      });
  return tokens;
}

/** An upper bound on the prompt tokens of a whole chat request: its messages and its tools. */
export function estimateRequestTokens(request: {
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ToolSpec[];
}): number {
  let tokens = estimateToolsTokens(request.tools ?? []);
  for (const message of request.messages) tokens += estimateMessageTokens(message);
  return tokens;
}
