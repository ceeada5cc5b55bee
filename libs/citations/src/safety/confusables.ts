import { createRequire } from 'node:module';

/**
 * Unicode's confusables (UTS #39 `confusables.txt`, as the `unhomoglyph` package ships it): each
 * character that looks like another, mapped to the characters it looks like. Read here for two
 * things only, because the whole skeleton would fold the shop's own Arabic letters and digits
 * ("ا" looks like "l", "٠" like "."):
 * - letters of a script the shop does not write in (Cyrillic, Greek, Cherokee…) that look like
 *   Latin letters: "numbеr" with a Cyrillic е is read as "number";
 * - marks that look like a full stop or a middle dot, read as the dot of a host name:
 *   "sanaa∙evil.com" names the host a reader would type.
 */
const CONFUSABLES = createRequire(import.meta.url)('unhomoglyph/data.json') as Readonly<
  Record<string, string>
>;

const LATIN_LETTERS = /^[a-z]+$/i;
const OWN_SCRIPT = /[\p{Script=Latin}\p{Script=Arabic}\p{Script=Common}\p{Script=Inherited}]/u;
const DOT_LIKE = new Set(['.', '\u00b7', '\u02f3']);

const LATIN_LOOKALIKES = new Map<string, string>();
const DOT_LOOKALIKES = new Set<string>(['\u00b7', '\u3002']);
for (const [character, looksLike] of Object.entries(CONFUSABLES)) {
  if (/\p{L}/u.test(character) && !OWN_SCRIPT.test(character) && LATIN_LETTERS.test(looksLike))
    LATIN_LOOKALIKES.set(character, looksLike.toLowerCase());
  // A digit stays a digit: "١٠ريال" is ten riyals, not a host.
  if (DOT_LIKE.has(looksLike) && !/\p{N}/u.test(character)) DOT_LOOKALIKES.add(character);
}

const LOOKALIKE_LETTER = new RegExp(`[${[...LATIN_LOOKALIKES.keys()].join('')}]`, 'gu');
const LOOKALIKE_DOT = new RegExp(`[${[...DOT_LOOKALIKES].join('')}]`, 'gu');

/** The text with letters of other scripts that look like Latin ones written as those. */
export function foldLatinLookalikes(text: string): string {
  return text.replace(LOOKALIKE_LETTER, (c) => LATIN_LOOKALIKES.get(c)!);
}

/** The text with every mark that looks like a full stop or a middle dot written as ".". */
export function foldDotLookalikes(text: string): string {
  return text.replace(LOOKALIKE_DOT, '.');
}
