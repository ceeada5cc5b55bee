import { memoByText } from '../memo/memo-by-text.js';
import { supportTerms } from './support-terms.js';

/**
 * The share of a cited sentence's content terms that its cited chunks must hold. Measured on kb/
 * (365 chunk sentences) and the eval dev kb (60): every sentence copied from its chunk holds 1.0;
 * reworded sentences that keep the chunk's meaning held 0.82–1.0; "Feel free to send back
 * anything at any time and get your money back in full" holds at most 0.10 against any real
 * returns chunk (0.20 against all of them together) and its Arabic equivalents at most 0.38.
 */
export const MIN_SUPPORTED_SHARE = 0.75;

export interface LexicalSupport {
  /** Supported terms over all terms; 0 for a sentence with no content word. */
  readonly share: number;
  /** The sentence's words whose terms no cited chunk holds, as written, in order. */
  readonly missing: string[];
}

const chunkTerms = memoByText((text): ReadonlySet<string> => new Set(supportTerms(text).keys()));

/**
 * How much of `sentence` the `chunkTexts` it cites say, word for word after normalisation and
 * stemming (see {@link supportTerms}). Both are expected to have been through `normalizeForChecks`.
 */
export function lexicalSupport(sentence: string, chunkTexts: readonly string[]): LexicalSupport {
  const terms = supportTerms(sentence);
  const known = chunkTexts.map(chunkTerms);
  const missing = [...terms]
    .filter(([term]) => !known.some((chunk) => chunk.has(term)))
    .map(([, word]) => word);
  const share = terms.size === 0 ? 0 : (terms.size - missing.length) / terms.size;
  return { share, missing };
}
