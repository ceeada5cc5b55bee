import type { ToolSpec } from '@support/policy';
import type { ChatMessage } from './chat-model.js';
import { qwenTokenCount } from './qwen-tokenizer.js';

// The prompt as the served model reads it: Qwen3's chat template (Qwen3-VL's writes messages,
// tool calls, tool results and images the same way) renders each message as
// `<|im_start|>role\n…<|im_end|>\n`, and every piece is counted with Qwen3's own tokenizer. What
// the template adds that the request does not show is counted on the high side, so the count
// never falls under the server's (`cli doctor` compares it with vLLM's `/tokenize`).

/**
 * A photo's tokens: Qwen3-VL gives an image one token per 32x32 pixels, so the model server caps
 * photos at 1280 of them (vLLM `--mm-processor-kwargs` `size.longest_edge` 1,310,720 pixels,
 * deploy/); uncapped, its preprocessor allows 16,384, the whole context.
 */
export const IMAGE_TOKENS = 1280;

/** The pixels that cap: {@link IMAGE_TOKENS} patches of 32x32. */
export const IMAGE_MAX_PIXELS = IMAGE_TOKENS * 32 * 32;

/** What stands for one image in the template; its `<|image_pad|>` becomes the image's tokens. */
const IMAGE_MARKUP = '<|vision_start|><|image_pad|><|vision_end|>';

/**
 * The tool list's fixed text, as Qwen3's template writes it inside the system message (a tool
 * request with no system message gets `<|im_start|>system\n` of its own: counted here too).
 */
const TOOLS_PREAMBLE =
  '<|im_start|>system\n\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
  'You are provided with function signatures within <tools></tools> XML tags:\n<tools>' +
  '\n</tools>\n\nFor each function call, return a json object with function name and arguments ' +
  'within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": ' +
  '<args-json-object>}\n</tool_call><|im_end|>\n';

/**
 * Per tool, for the fields the server adds when it writes the spec back out (vLLM dumps its own
 * request model, which may carry e.g. `"strict": null`).
 */
const TOOL_SPEC_SLACK = 16;

/**
 * What the server appends after the messages: `<|im_start|>assistant\n`, and the empty reasoning
 * block a thinking template writes when thinking is off.
 */
const GENERATION_PROMPT = '<|im_start|>assistant\n<think>\n\n</think>\n\n';

/** How many tokens `text` is to the served model. */
export function estimateTextTokens(text: string): number {
  return qwenTokenCount(text);
}

/**
 * `value` as the chat template's `tojson` writes it: Python's `json.dumps` with its default
 * separators (`", "`, `": "`) and non-ASCII left as is.
 */
export function templateJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(templateJson).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}: ${templateJson(item)}`)
      .join(', ')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The tokens of `value` written by the template's `tojson`. */
export function estimateJsonTokens(value: unknown): number {
  return qwenTokenCount(templateJson(value));
}

/** The tokens one message costs in the prompt, the template's markup included. */
export function estimateMessageTokens(message: ChatMessage): number {
  switch (message.role) {
    case 'system':
      return qwenTokenCount(`<|im_start|>system\n${message.content}<|im_end|>\n`);
    case 'user': {
      if (typeof message.content === 'string')
        return qwenTokenCount(`<|im_start|>user\n${message.content}<|im_end|>\n`);
      let images = 0;
      const body = message.content
        .map((part) => {
          if (part.type === 'text') return part.text;
          images += 1;
          return IMAGE_MARKUP;
        })
        .join('');
      // Each `<|image_pad|>` (one token) becomes the image's own tokens.
      return qwenTokenCount(`<|im_start|>user\n${body}<|im_end|>\n`) + images * (IMAGE_TOKENS - 1);
    }
    case 'assistant': {
      const calls = (message.toolCalls ?? []).map(
        (call, index) =>
          `${index > 0 || message.content ? '\n' : ''}<tool_call>\n{"name": "${call.name}", ` +
          `"arguments": ${templateJson(call.arguments)}}\n</tool_call>`,
      );
      return qwenTokenCount(
        `<|im_start|>assistant\n${message.content}${calls.join('')}<|im_end|>\n`,
      );
    }
    case 'tool':
      // Consecutive results share one `<|im_start|>user`: counting it for each stays on the high side.
      return qwenTokenCount(
        `<|im_start|>user\n<tool_response>\n${message.content}\n</tool_response><|im_end|>\n`,
      );
  }
}

/** The tokens the tool list costs: the template's fixed text and each spec as `tojson` writes it. */
export function estimateToolsTokens(tools: readonly ToolSpec[]): number {
  if (tools.length === 0) return 0;
  let tokens = qwenTokenCount(TOOLS_PREAMBLE);
  for (const tool of tools)
    tokens +=
      TOOL_SPEC_SLACK +
      qwenTokenCount(
        `\n${templateJson({
          type: 'function',
          function: {
            name: tool.name,
            description: tool.description,
            parameters: tool.parameters,
          },
        })}`,
      );
  return tokens;
}

/** The prompt tokens of a whole chat request: its tools, its messages and the generation prompt. */
export function estimateRequestTokens(request: {
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ToolSpec[];
}): number {
  let tokens = estimateToolsTokens(request.tools ?? []) + qwenTokenCount(GENERATION_PROMPT);
  for (const message of request.messages) tokens += estimateMessageTokens(message);
  return tokens;
}
