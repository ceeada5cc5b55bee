// The Snowball stemmer folds regular inflections ("returned", "returns"), not irregular ones:
// "kept" would never meet "keep", nor "worn" meet "wear". The verbs a shop's policies use.
const IRREGULAR: Readonly<Record<string, string>> = {
  kept: 'keep',
  sent: 'send',
  bought: 'buy',
  sold: 'sell',
  took: 'take',
  taken: 'take',
  gave: 'give',
  given: 'give',
  made: 'make',
  held: 'hold',
  brought: 'bring',
  got: 'get',
  gotten: 'get',
  chose: 'choose',
  chosen: 'choose',
  wore: 'wear',
  worn: 'wear',
  left: 'leave',
  told: 'tell',
  found: 'find',
  lost: 'lose',
  broke: 'break',
  tore: 'tear',
  spent: 'spend',
  paid: 'pay',
  went: 'go',
  gone: 'go',
  came: 'come',
  thrown: 'throw',
  shipped: 'ship',
};

const WORD = /[A-Za-z]+/g;

/** Puts irregular English verb forms in their base form ("kept" → "keep"), for matching only. */
export function baseFormsOfIrregularVerbs(text: string): string {
  return text.replace(WORD, (word) => IRREGULAR[word.toLowerCase()] ?? word);
}
