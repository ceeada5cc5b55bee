import { describe, expect, it } from '@jest/globals';
import { qwenTokenCount, qwenTokenIds } from './qwen-tokenizer.js';

/**
 * English: the ids Hugging Face publishes for Qwen's tokenizer in transformers'
 * tests/models/qwen2/test_tokenization_qwen2.py (`test_tokenizer_integration`, model
 * Qwen/Qwen-tokenizer, whose 151,643 merges Qwen3 keeps), and those llama.cpp publishes for the same
 * vocabulary in models/ggml-vocab-qwen2.gguf.inp/.out (made with the Hugging Face tokenizer).
 */
const ENGLISH: readonly (readonly [string, readonly number[]])[] = [
  [
    'Transformers (formerly known as pytorch-transformers and pytorch-pretrained-bert) provides general-purpose architectures (BERT, GPT-2, RoBERTa, XLM, DistilBert, XLNet...) for Natural Language Understanding (NLU) and Natural Language Generation (NLG) with over 32+ pretrained models in 100+ languages and deep interoperability between Jax, PyTorch and TensorFlow.',
    [
      8963, 388, 320, 69514, 3881, 438, 4510, 27414, 32852, 388, 323, 4510, 27414, 21334, 35722,
      1455, 529, 8, 5707, 4586, 58238, 77235, 320, 61437, 11, 479, 2828, 12, 17, 11, 11830, 61437,
      64, 11, 1599, 10994, 11, 27604, 321, 33, 529, 11, 29881, 6954, 32574, 369, 18448, 11434,
      45451, 320, 45, 23236, 8, 323, 18448, 11434, 23470, 320, 30042, 38, 8, 448, 916, 220, 18, 17,
      10, 80669, 4119, 304, 220, 16, 15, 15, 10, 15459, 323, 5538, 94130, 2897, 1948, 619, 706, 11,
      5355, 51, 21584, 323, 94986, 13,
    ],
  ],
  ['Hello world', [9707, 1879]],
  [' Hello World!', [21927, 4337, 0]],
  ['нещо на Български', [78762, 14144, 1456, 13073, 63471, 33594, 3038, 133178, 79012]],
  [
    "Hello, y'all! How are you 😁 ?我想在apple工作1314151天～",
    [
      9707, 11, 379, 64848, 0, 2585, 525, 498, 26525, 223, 937, 104100, 18493, 22377, 99257, 16, 18,
      16, 19, 16, 20, 16, 35727, 21216,
    ],
  ],
];

/**
 * Arabic: no published test lists Qwen ids for Arabic, so these come from the Qwen team's own
 * vocabulary file, QwenLM/Qwen-Agent qwen_agent/utils/qwen.tiktoken (the ranks its token counter
 * uses), encoded independently of this package: Qwen's pre-tokenizer pattern (PAT_STR of
 * qwen_agent/utils/tokenization_qwen.py) after NFC, then tiktoken's byte-pair merge (lowest rank
 * first) within each piece.
 */
const ARABIC: readonly (readonly [string, readonly number[]])[] = [
  [
    'أين طلبي؟ أريد إرجاع الفستان',
    [
      69682, 123860, 124665, 8532, 123938, 128332, 63415, 125325, 85153, 126415, 123862, 124114,
      132725,
    ],
  ],
  [
    'كم يستغرق التوصيل إلى الرياض؟',
    [124613, 126850, 126470, 27490, 94957, 125155, 95198, 128252, 130918, 128332],
  ],
  [
    'طلبي رقم ORD-1001 لم يصل بعد',
    [124525, 123938, 131273, 69269, 12, 16, 15, 15, 16, 126208, 137283, 128325],
  ],
  [
    'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ',
    [
      21360, 52704, 20064, 59397, 10176, 52704, 124478, 27910, 73771, 16157, 52704, 124269, 27910,
      73771, 29825, 59397, 10176, 27910, 149, 108, 11798, 52704, 124269, 27910, 73771, 29825, 52704,
      124176, 52704,
    ],
  ],
  [
    '١٢٣٤٥٦٧٨٩٠ 1234567890',
    [
      149, 94, 149, 95, 149, 96, 149, 97, 149, 98, 149, 99, 149, 100, 149, 101, 149, 102, 149, 254,
      220, 16, 17, 18, 19, 20, 21, 22, 23, 24, 15,
    ],
  ],
  ['ﷺ ﷲ ﻻ', [144737, 32495, 115, 110, 32495, 119, 119]],
];

describe("Qwen3's tokenizer (the served model's)", () => {
  it.each(ENGLISH)('gives the reference ids for %j', (text, ids) => {
    expect(qwenTokenIds(text)).toEqual(ids);
  });

  it.each(ARABIC)('gives the reference ids for %j', (text, ids) => {
    expect(qwenTokenIds(text)).toEqual(ids);
  });

  it('reads the chat template markup as the special tokens it is', () => {
    // <|im_start|> 151644, "hello" 14990, <|im_end|> 151645 (alibaba/rtp-llm's Qwen2 tokenizer test).
    expect(qwenTokenIds('<|im_start|>hello<|im_end|>')).toEqual([151644, 14990, 151645]);
  });

  it('counts tokens, not bytes: Arabic prose is a fraction of its UTF-8 bytes', () => {
    const text = 'كم يستغرق التوصيل إلى الرياض؟';
    expect(qwenTokenCount(text)).toBe(10);
    expect(new TextEncoder().encode(text).length).toBe(54);
    expect(qwenTokenCount('')).toBe(0);
  });
});
