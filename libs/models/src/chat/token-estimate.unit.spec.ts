import { describe, expect, it } from '@jest/globals';
import {
  estimateJsonTokens,
  estimateMessageTokens,
  estimateRequestTokens,
  estimateTextTokens,
  utf8Bytes,
} from './token-estimate.js';

/**
 * Worst cases with their real token counts under Qwen3's tokenizer (the production model's,
 * `Qwen/Qwen3-VL-8B-Instruct`), measured with its tokenizer.json: the estimate must never be lower.
 */
const QWEN3_COUNTS: readonly (readonly [text: string, tokens: number])[] = [
  ['١٢٣٤٥٦٧٨٩٠ 1234567890', 31], // Arabic-Indic digits: one token per byte
  ['بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ', 29], // Arabic with diacritics
  ['ﷺ ﷲ ﻻ', 7], // presentation forms: more tokens than characters
  ['https://example.com/a/b?c=d&e=f#g-h_i~j', 16],
  ['😀👍🏽🇸🇦', 5],
  ['ORD-12345-ABCD', 10],
  ['   \n\n\t  ', 2],
];

describe('estimateTextTokens', () => {
  it.each(QWEN3_COUNTS)('never counts %j under its Qwen3 tokens', (text, tokens) => {
    expect(estimateTextTokens(text)).toBeGreaterThanOrEqual(tokens);
  });

  it('is the UTF-8 byte count (the bound byte-level BPE cannot exceed)', () => {
    for (const text of [
      ...QWEN3_COUNTS.map(([t]) => t),
      'plain English',
      'عربي مع English و ١٢٣',
      '\u{1F600}',
      'lone \uD83D surrogate',
      'lone \uDE00 low',
      '',
    ])
      expect(estimateTextTokens(text)).toBe(utf8Bytes(text));
  });

  it('counts a digit run and an Arabic-Indic digit run at one token per byte', () => {
    expect(estimateTextTokens('1234567890')).toBe(10);
    expect(estimateTextTokens('١٢٣٤٥٦٧٨٩٠')).toBe(20);
  });
});

describe('estimateJsonTokens', () => {
  it('counts non-ASCII as the six bytes of a \\uXXXX escape', () => {
    expect(estimateJsonTokens({ q: 'ا' })).toBe('{"q":"\\u0627"}'.length);
    expect(estimateJsonTokens({ q: 'a' })).toBe(9);
  });
});

describe('estimateRequestTokens', () => {
  it('adds the template markup of every message and tool call, and the tools', () => {
    const user = { role: 'user' as const, content: 'hi' };
    const call = {
      role: 'assistant' as const,
      content: '',
      toolCalls: [{ id: 'c1', name: 'search_knowledge_base', arguments: { query: 'hi' } }],
    };
    expect(estimateMessageTokens(user)).toBeGreaterThan(2);
    expect(estimateMessageTokens(call)).toBeGreaterThan(
      estimateJsonTokens({ query: 'hi' }) + 'search_knowledge_base'.length,
    );
    const tools = [
      { name: 'escalate', description: 'Hand over.', parameters: { type: 'object' as const } },
    ];
    expect(estimateRequestTokens({ messages: [user, call], tools })).toBeGreaterThan(
      estimateMessageTokens(user) +
        estimateMessageTokens(call) +
        estimateJsonTokens({ type: 'function', function: tools[0] }),
    );
  });

  it('counts a photo at the vision tokens the model server is capped to', () => {
    const photo = {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'look' },
        { type: 'image' as const, mimeType: 'image/png', dataBase64: 'AAAA' },
      ],
    };
    expect(estimateMessageTokens(photo)).toBeGreaterThanOrEqual(1280 + 4);
  });
});
