import { conceptsOf, FACT_LEXICON, type FactLexicon, type GlossaryPair } from '@support/language';
import { normalizeForChecks } from '@support/text';
import { factProblem } from '../alignment/check-facts.js';
import { type SourceUnit, sourceUnits } from '../alignment/source-units.js';
import { extractCitations } from '../citations/extract-citations.js';
import { isCourtesyPhrase } from '../courtesy/is-courtesy-phrase.js';
import { memoByText } from '../memo/memo-by-text.js';
import { extractQuantities } from '../quantities/extract-quantities.js';
import type { Quantity } from '../quantities/quantity.js';
import { formatQuantityValue, sameQuantity } from '../quantities/same-quantity.js';
import { foreignHosts, withoutLinks } from '../safety/foreign-links.js';
import { requestsSecret } from '../safety/reader-requests.js';
import { splitSentences } from '../sentences/split-sentences.js';
import {
  type ChunkVocabulary,
  chunkVocabulary,
  conceptSupport,
} from '../support/concept-support.js';
import { MIN_SUPPORTED_SHARE } from '../support/lexical-support.js';
import { sentencesRepeatingConfidential } from './confidential.js';
import {
  CONFIDENTIAL_TEXT,
  FOREIGN_LINK,
  MAX_PROBLEM_TEXT,
  MAX_VERDICT_TEXT,
  MISSING_CITATION,
  SECRET_REQUEST,
  UNKNOWN_CITATION,
  UNSUPPORTED_QUANTITY,
  UNSUPPORTED_WORDS,
  type PromptChunk,
  type SentenceVerdict,
  type ValidationVerdict,
} from './verdict.js';

/** Cuts a text to the contract's length, by code points so that no surrogate pair is split. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${[...text].slice(0, max - 1).join('')}…`;
}

/**
 * A prompt chunk as the checks read it: its text, its quantities, its clauses for aligning a
 * claim with what it restates, and its vocabulary in concepts for reading a claim in any language.
 */
interface CheckedChunk {
  readonly text: string;
  readonly quantities: readonly Quantity[];
  readonly units: readonly SourceUnit[];
  readonly vocabulary: readonly ChunkVocabulary[];
}

function analyseChunk(raw: string, lexicon: FactLexicon): CheckedChunk {
  const text = normalizeForChecks(raw);
  return {
    text,
    quantities: extractQuantities(text),
    units: sourceUnits(text, lexicon),
    vocabulary: [chunkVocabulary(text, lexicon)],
  };
}

const checkedChunk = memoByText((raw) => analyseChunk(raw, FACT_LEXICON));

// A glossary is one per knowledge base: its lexicon and chunk analyses are kept while it is used.
const glossaryLexicons = new WeakMap<readonly GlossaryPair[], FactLexicon>();
const glossaryChunks = new WeakMap<FactLexicon, (raw: string) => CheckedChunk>();

function chunkReader(glossary: readonly GlossaryPair[] | undefined): {
  lexicon: FactLexicon;
  read: (raw: string) => CheckedChunk;
} {
  if (glossary === undefined || glossary.length === 0)
    return { lexicon: FACT_LEXICON, read: checkedChunk };
  let lexicon = glossaryLexicons.get(glossary);
  if (lexicon === undefined) {
    lexicon = FACT_LEXICON.withGlossary(glossary);
    glossaryLexicons.set(glossary, lexicon);
  }
  let read = glossaryChunks.get(lexicon);
  if (read === undefined) {
    const withLexicon = lexicon;
    read = memoByText((raw) => analyseChunk(raw, withLexicon));
    glossaryChunks.set(lexicon, read);
  }
  return { lexicon, read };
}

// The system prompt is the same text turn after turn.
const normalizedOnce = memoByText(normalizeForChecks, 64);

interface Sentence {
  text: string;
  courtesy: boolean;
  citations: string[];
  leaking: boolean;
}

export interface ValidateReplyOptions {
  /**
   * Texts the reply must not repeat, such as the system prompt: the model was told them, the
   * customer must never read them.
   */
  readonly confidential?: readonly string[];
  /**
   * Hosts the reply may link to or name, each with its subdomains (`REPLY_LINK_HOSTS` in the
   * agent). None by default: a support answer quotes policies, it does not send people elsewhere.
   */
  readonly linkHosts?: readonly string[];
  /** The share of a cited sentence's content terms its chunks must hold; {@link MIN_SUPPORTED_SHARE} by default. */
  readonly minSupportedShare?: number;
  /**
   * The knowledge base's glossary (`glossary.yaml` pairs): its names (a wallet, a district) are
   * facts a draft may state only where its source does, and translate between the languages.
   */
  readonly glossary?: readonly GlossaryPair[];
}

/** What every sentence's check reads besides the sentence: the lexicon and the whole reply's facts. */
interface FactContext {
  readonly lexicon: FactLexicon;
  readonly replyFacts: ReadonlySet<string>;
}

/**
 * Why the cited chunks do not support a cited sentence, or undefined when they do: a quantity no
 * chunk states, too few of its words or concepts in them, a negation turned around, or a fact of
 * the chunk sentences it restates changed, added or dropped ({@link factProblem}).
 */
function unsupported(
  sentence: string,
  cited: readonly CheckedChunk[],
  minSupportedShare: number,
  context: FactContext,
): string | undefined {
  const supporting = cited.flatMap((chunk) => chunk.quantities);
  const stated = extractQuantities(sentence);
  const quantity = stated.find((q) => !supporting.some((source) => sameQuantity(q, source)));
  if (quantity) return `${UNSUPPORTED_QUANTITY}: ${formatQuantityValue(quantity)}`;
  // Links are the link check's; their words ("https", "www") are nothing a chunk says.
  const support = conceptSupport(
    withoutLinks(sentence),
    cited.flatMap((chunk) => chunk.vocabulary),
    context.lexicon,
  );
  if (support.share >= minSupportedShare) {
    // Polarity is read clause by clause against the clauses the sentence restates, a list line
    // with the lead-in it depends on ("Items that cannot be returned" + "- Swimwear").
    return factProblem(
      sentence,
      cited.flatMap((chunk) => chunk.units),
      context.replyFacts,
      context.lexicon,
    );
  }
  // No content word at all: a sentence of quantities alone ("21 days") is what the quantity check
  // just passed; one of stop words alone ("Yes, you can") says nothing a chunk could vouch for.
  if (support.missing.length === 0 && stated.length > 0) return undefined;
  return support.missing.length > 0
    ? `${UNSUPPORTED_WORDS}: ${support.missing.join(', ')}`
    : UNSUPPORTED_WORDS;
}

function problemOf(
  sentence: Sentence,
  chunks: ReadonlyMap<string, CheckedChunk>,
  linkHosts: readonly string[],
  minSupportedShare: number,
  context: FactContext,
): string | undefined {
  // Whatever the sentence cites: no chunk makes these acceptable, so a planted one cannot either.
  if (requestsSecret(sentence.text)) return SECRET_REQUEST;
  const [host] = foreignHosts(sentence.text, linkHosts);
  if (host !== undefined) return `${FOREIGN_LINK}: ${host}`;
  if (sentence.leaking) return CONFIDENTIAL_TEXT;
  // An invented id is refused in any sentence, courtesy or not: it would reach the customer as a
  // citation of nothing, and it shows the model making things up.
  const unknown = sentence.citations.find((id) => !chunks.has(id));
  if (unknown !== undefined) return `${UNKNOWN_CITATION}: ${unknown}`;
  if (sentence.courtesy) return undefined;
  if (sentence.citations.length === 0) return MISSING_CITATION;
  return unsupported(
    sentence.text,
    sentence.citations.flatMap((id) => chunks.get(id) ?? []),
    minSupportedShare,
    context,
  );
}

/**
 * The mechanical check that decides whether a draft reply may reach the customer. The reply, the
 * chunks and the confidential texts are first put through `normalizeForChecks` (NFKC, invisible
 * characters stripped, Arabic folded), so that a zero-width space or a full-width letter inside a
 * word hides it from no check. The reply is then split into sentences ({@link splitSentences}),
 * and each sentence must be either
 *
 * - one of the fixed courtesy phrases ({@link isCourtesyPhrase}: greetings, thanks, "anything
 *   else?"), as a whole, or
 * - cited, and supported by the chunks it cites: it states no quantity
 *   ({@link extractQuantities}) that they lack, compared by canonical value and unit
 *   (`unsupported_quantity: <value>`), and at least {@link MIN_SUPPORTED_SHARE} of its content
 *   terms are theirs ({@link lexicalSupport}; `unsupported_words: <words>`), and it is negated
 *   exactly when the chunk clause it matches is ({@link negationMismatch};
 *   `negation_mismatch: sentence_negates | chunk_negates`). An uncited sentence is
 *   `missing_citation`.
 *
 * Whatever it cites, a sentence fails when it
 *
 * - asks for a card number, CVV, password or one-time code ({@link requestsSecret};
 *   `secret_request`);
 * - links to or names a host outside `options.linkHosts` ({@link foreignHosts};
 *   `foreign_link: <host>`);
 * - takes part in repeating `CONFIDENTIAL_RUN_WORDS` (8) words in a row of a confidential text
 *   (`confidential_text`): citations do not make the system prompt a fact;
 * - cites an id that was not in the prompt (`unknown_citation: <id>`).
 *
 * The reply passes when every sentence is ok and there is at least one sentence: an empty reply,
 * or one with nothing but markers and punctuation, fails. Each verdict's `text` is the sentence as
 * checked (normalised); `factual` says it was held to the citation rule (not a courtesy phrase).
 * Pure: no model, no I/O, no clock.
 */
export function validateReply(
  reply: string,
  promptChunks: readonly PromptChunk[],
  options: ValidateReplyOptions = {},
): ValidationVerdict {
  const reader = chunkReader(options.glossary);
  const chunks = new Map<string, CheckedChunk>();
  for (const chunk of promptChunks) {
    const checked = reader.read(chunk.text);
    const known = chunks.get(chunk.chunkId);
    chunks.set(
      chunk.chunkId,
      known
        ? {
            text: `${known.text}\n${checked.text}`,
            quantities: [...known.quantities, ...checked.quantities],
            units: [...known.units, ...checked.units],
            vocabulary: [...known.vocabulary, ...checked.vocabulary],
          }
        : checked,
    );
  }

  const normalizedReply = normalizeForChecks(reply);
  const texts = splitSentences(normalizedReply);
  const context: FactContext = {
    lexicon: reader.lexicon,
    replyFacts: new Set(conceptsOf(normalizedReply, reader.lexicon).facts.keys()),
  };
  const leaking = sentencesRepeatingConfidential(
    texts,
    (options.confidential ?? []).map(normalizedOnce),
    [...chunks.values()].map((chunk) => chunk.text),
  );
  const linkHosts = options.linkHosts ?? [];
  const sentences = texts.map((text, index): SentenceVerdict => {
    const sentence: Sentence = {
      text,
      courtesy: isCourtesyPhrase(text),
      citations: extractCitations(text),
      leaking: leaking.has(index),
    };
    const problem = problemOf(
      sentence,
      chunks,
      linkHosts,
      options.minSupportedShare ?? MIN_SUPPORTED_SHARE,
      context,
    );
    const verdict: SentenceVerdict = {
      text: clip(text, MAX_VERDICT_TEXT),
      factual: !sentence.courtesy,
      citations: sentence.citations,
      ok: problem === undefined,
    };
    if (problem !== undefined) verdict.problem = clip(problem, MAX_PROBLEM_TEXT);
    return verdict;
  });

  return { passed: sentences.length > 0 && sentences.every((s) => s.ok), sentences };
}
