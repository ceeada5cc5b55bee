import { clausesOf, isNegated, segmentsOf } from '@support/text';
import { stripCitations } from '../citations/strip-citations.js';
import { memoByText } from '../memo/memo-by-text.js';
import { splitSentences } from '../sentences/split-sentences.js';
import { supportTerms } from './support-terms.js';

/** The term {@link supportTerms} gives every negation; it says nothing about what is negated. */
const NEGATION_TERM = 'not';

export type NegationMismatch = 'sentence_negates' | 'chunk_negates';

/** A piece of text with its content terms and whether it says "not". */
interface Piece {
  terms: Set<string>;
  negated: boolean;
}

interface SourceClause {
  terms: Set<string>;
  pieces: Piece[];
}

function piece(text: string): Piece {
  const terms = new Set(supportTerms(text).keys());
  terms.delete(NEGATION_TERM);
  return { terms, negated: isNegated(text) };
}

const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((term) => b.has(term)).length;

/** The clauses of a chunk, each with its terms and its pieces. */
const sourceClauses = memoByText((text): readonly SourceClause[] =>
  splitSentences(text)
    .flatMap((sentence) => clausesOf(sentence))
    .map((clause) => ({ terms: piece(clause).terms, pieces: segmentsOf(clause).map(piece) })),
);

/** The chunk clauses sharing the most terms with `claim` (none when it shares none). */
function sourcesOf(claim: Piece, clauses: readonly SourceClause[]): SourceClause[] {
  let best = 0;
  let matches: SourceClause[] = [];
  for (const clause of clauses) {
    const shared = overlap(claim.terms, clause.terms);
    if (shared > best) [best, matches] = [shared, [clause]];
    else if (shared === best && shared > 0) matches.push(clause);
  }
  return matches;
}

/** The pieces of `clauses` sharing the most terms with `claim`: the words it was taken from. */
function closestPieces(claim: Piece, clauses: readonly SourceClause[]): Piece[] {
  const pieces = clauses.flatMap((clause) => clause.pieces);
  const best = Math.max(0, ...pieces.map((p) => overlap(claim.terms, p.terms)));
  return best === 0 ? [] : pieces.filter((p) => overlap(claim.terms, p.terms) === best);
}

/** The clause negates what `claim` talks about: a negated piece of it shares one of its terms. */
const negatesFor = (clause: SourceClause, claim: Piece) =>
  clause.pieces.some((p) => p.negated && overlap(p.terms, claim.terms) > 0);

/**
 * Whether `sentence` turns around what its cited chunks say. The sentence is read piece by piece
 * ({@link clausesOf}, then {@link segmentsOf}); each piece comes from the chunk clauses sharing the
 * most content terms with it. A negated piece ({@link isNegated}) needs a negation in such a
 * clause about the same terms (`sentence_negates` when none has one); a piece that is not negated
 * fails when the pieces of those clauses closest to it are all negated (`chunk_negates`). So "Returns are free for
 * everyone" citing "Returns are not free for sale items" fails, and so does the reverse, while
 * quoting "you can return items within 21 days" from "you can return items within 21 days, if they
 * are not worn" passes. A piece sharing no term with any chunk is the lexical check's. Both texts
 * are expected to have been through `normalizeForChecks`.
 */
export function negationMismatch(
  sentence: string,
  chunkTexts: readonly string[],
): NegationMismatch | undefined {
  const clauses = chunkTexts.flatMap(sourceClauses);
  // A chunk id is no claim: "[no-returns#2]" says no "no".
  const claims = clausesOf(stripCitations(sentence))
    .flatMap((clause) => segmentsOf(clause))
    .map(piece);
  for (const claim of claims) {
    const sources = sourcesOf(claim, clauses);
    if (sources.length === 0) continue;
    if (claim.negated && !sources.some((source) => negatesFor(source, claim)))
      return 'sentence_negates';
    const closest = closestPieces(claim, sources);
    if (!claim.negated && closest.length > 0 && closest.every((p) => p.negated))
      return 'chunk_negates';
  }
  return undefined;
}
