import { describe, expect, it } from '@jest/globals';
import { qwenTokenIds } from './qwen-tokenizer.js';
import {
  estimateMessageTokens,
  estimateRequestTokens,
  estimateTextTokens,
  IMAGE_MAX_PIXELS,
  IMAGE_TOKENS,
  templateJson,
} from './token-estimate.js';

describe('estimateTextTokens', () => {
  it("counts Qwen3's tokens, not UTF-8 bytes (the old bound, about four times as many)", () => {
    expect(estimateTextTokens('Hello world')).toBe(2);
    expect(estimateTextTokens('أين طلبي؟ أريد إرجاع الفستان')).toBe(13); // 51 bytes
  });
});

describe('templateJson', () => {
  it("writes JSON as the template's tojson (Python json.dumps: ', ' and ': ', non-ASCII kept)", () => {
    expect(templateJson({ query: 'أين طلبي', limit: [1, 2], on: true, none: null })).toBe(
      '{"query": "أين طلبي", "limit": [1, 2], "on": true, "none": null}',
    );
    expect(templateJson({ s: 'a "quote"\n' })).toBe('{"s": "a \\"quote\\"\\n"}');
  });
});

describe('estimateMessageTokens', () => {
  it('is the tokens of the message as the chat template writes it', () => {
    // <|im_start|> user \n hi <|im_end|> \n
    expect(qwenTokenIds('<|im_start|>user\nhi<|im_end|>\n')).toHaveLength(6);
    expect(estimateMessageTokens({ role: 'user', content: 'hi' })).toBe(6);
    const call = {
      role: 'assistant' as const,
      content: '',
      toolCalls: [{ id: 'c1', name: 'search_knowledge_base', arguments: { query: 'متى يصل' } }],
    };
    expect(estimateMessageTokens(call)).toBe(
      qwenTokenIds(
        '<|im_start|>assistant\n<tool_call>\n{"name": "search_knowledge_base", "arguments": ' +
          '{"query": "متى يصل"}}\n</tool_call><|im_end|>\n',
      ).length,
    );
  });

  it('counts a photo at the vision tokens the model server is capped to', () => {
    expect(IMAGE_MAX_PIXELS).toBe(1_310_720);
    const photo = {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'look' },
        { type: 'image' as const, mimeType: 'image/png', dataBase64: 'AAAA' },
      ],
    };
    const markup = qwenTokenIds(
      '<|im_start|>user\nlook<|vision_start|><|image_pad|><|vision_end|><|im_end|>\n',
    ).length;
    expect(estimateMessageTokens(photo)).toBe(markup - 1 + IMAGE_TOKENS);
  });
});

describe('estimateRequestTokens', () => {
  it('adds the tool list and the generation prompt to the messages', () => {
    const user = { role: 'user' as const, content: 'hi' };
    const tools = [
      { name: 'escalate', description: 'Hand over.', parameters: { type: 'object' as const } },
    ];
    const bare = estimateRequestTokens({ messages: [user] });
    expect(bare).toBeGreaterThan(estimateMessageTokens(user));
    expect(estimateRequestTokens({ messages: [user], tools })).toBeGreaterThan(
      bare +
        qwenTokenIds(
          templateJson({
            type: 'function',
            function: {
              name: 'escalate',
              description: 'Hand over.',
              parameters: tools[0]!.parameters,
            },
          }),
        ).length,
    );
  });
});
