import { conceptsOf, FACT_LEXICON, type FactLexicon, type GlossaryPair } from '@support/language';
import { normalizeForChecks } from '@support/text';
import { factProblem } from '../alignment/check-facts.js';
import { type SourceUnit, sourceUnits } from '../alignment/source-units.js';
import { canonicalCitations } from '../citations/canonical-citations.js';
import { extractCitations } from '../citations/extract-citations.js';
import { stripCitations } from '../citations/strip-citations.js';
import { type NonFactualLine, nonFactualLineOf } from '../non-factual/read-non-factual-line.js';
import { memoByText } from '../memo/memo-by-text.js';
import { extractQuantities } from '../quantities/extract-quantities.js';
import type { Quantity } from '../quantities/quantity.js';
import { formatQuantityValue, sameQuantity } from '../quantities/same-quantity.js';
import { foreignHosts, withoutLinks } from '../safety/foreign-links.js';
import { requestsSecret } from '../safety/reader-requests.js';
import {
  displayControlsIn,
  displayControlsOf,
  withVisibleDisplayControls,
} from '../safety/display-controls.js';
import { paragraphCitations, sentenceLines } from '../sentences/paragraph-citations.js';
import { splitSentences } from '../sentences/split-sentences.js';
import {
  type ChunkVocabulary,
  chunkVocabulary,
  conceptSupport,
} from '../support/concept-support.js';
import { MIN_SUPPORTED_SHARE } from '../support/lexical-support.js';
import { writtenNames } from '../support/written-names.js';
import { sentencesRepeatingConfidential } from './confidential.js';
import type { CheckedReply, SupportQuestion } from './support-questions.js';
import {
  ANSWER_NEEDED,
  BIDI_CONTROL,
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
  /** A line that states nothing (a greeting, a lead-in, ...), or undefined for a factual one. */
  nonFactual: NonFactualLine | undefined;
  citations: string[];
  /** What its facts are checked against: its citations, or its paragraph's ({@link paragraphCitations}). */
  checkedAgainst: readonly string[];
  leaking: boolean;
  /** A support judge vouched that its chunks support it: the word share does not decide. */
  judged: boolean;
  /** The bidirectional controls the draft holds in this sentence, by code point ("U+202E"). */
  displayControls: readonly string[];
}

/** What every sentence is checked against besides its own words. */
interface ReplyContext {
  readonly chunks: ReadonlyMap<string, CheckedChunk>;
  readonly linkHosts: readonly string[];
  readonly minSupportedShare: number;
  /** The reply holds a factual, cited sentence (a lead-in or a "Sure!" has something to stand by). */
  readonly answers: boolean;
  readonly facts: FactContext;
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
  /**
   * Sentences, as their verdict's `text`, whose support a judge vouched for (an entailment model
   * reading the chunks they are checked against, {@link checkReply}'s questions): the word share
   * does not fail them. Nothing else is relaxed: quantities, names, polarity and conditions,
   * citations, links, secrets and display controls are checked as for any sentence.
   */
  readonly judgedSupport?: ReadonlySet<string>;
}

/** What every sentence's check reads besides the sentence: the lexicon and the whole reply's facts. */
interface FactContext {
  readonly lexicon: FactLexicon;
  readonly replyFacts: ReadonlySet<string>;
}

/** A sentence's check: why it fails, and whether the word share is the only test it fails. */
interface SentenceCheck {
  readonly problem: string | undefined;
  /** Only the word share fails it: a support judge may pass it, nothing else could. */
  readonly judgeable: boolean;
}

const PASSED: SentenceCheck = { problem: undefined, judgeable: false };
const failed = (problem: string | undefined): SentenceCheck => ({ problem, judgeable: false });

/**
 * Why the cited chunks do not support a cited sentence, or undefined when they do: a quantity no
 * chunk states, too few of its words or concepts in them (unless a judge vouched for its support),
 * a negation turned around, or a fact of the chunk sentences it restates changed, added or dropped
 * ({@link factProblem}).
 */
function unsupported(
  sentence: string,
  cited: readonly CheckedChunk[],
  minSupportedShare: number,
  judged: boolean,
  context: FactContext,
): SentenceCheck {
  const supporting = cited.flatMap((chunk) => chunk.quantities);
  const stated = extractQuantities(sentence);
  const quantity = stated.find((q) => !supporting.some((source) => sameQuantity(q, source)));
  if (quantity) return failed(`${UNSUPPORTED_QUANTITY}: ${formatQuantityValue(quantity)}`);
  // Links are the link check's; their words ("https", "www") are nothing a chunk says.
  const support = conceptSupport(
    withoutLinks(sentence),
    cited.flatMap((chunk) => chunk.vocabulary),
    context.lexicon,
  );
  // A name the cited chunks lack is not made up for by the words around it.
  const names = support.missing.length > 0 ? writtenNames(sentence) : undefined;
  const missingName = support.missing.find((word) => names?.has(word));
  if (missingName !== undefined) return failed(`${UNSUPPORTED_WORDS}: ${missingName}`);
  // Polarity is read clause by clause against the clauses the sentence restates, a list line
  // with the lead-in it depends on ("Items that cannot be returned" + "- Swimwear").
  const facts = () =>
    factProblem(
      sentence,
      cited.flatMap((chunk) => chunk.units),
      context.replyFacts,
      context.lexicon,
    );
  // No content word at all: a sentence of quantities alone ("21 days") is what the quantity check
  // just passed; one of stop words alone ("Yes, you can") says nothing a chunk, or a judge, could
  // vouch for.
  if (support.missing.length === 0 && support.share < minSupportedShare)
    return stated.length > 0 ? PASSED : failed(UNSUPPORTED_WORDS);
  if (support.share >= minSupportedShare || judged) return failed(facts());
  // The words fail it; whether its facts would pass is what a judge's "supported" would decide.
  return {
    problem: `${UNSUPPORTED_WORDS}: ${support.missing.join(', ')}`,
    judgeable: facts() === undefined,
  };
}

function problemOf(sentence: Sentence, context: ReplyContext): string | undefined {
  const { chunks, linkHosts } = context;
  // Whatever the sentence cites: no chunk makes these acceptable, so a planted one cannot either.
  // A bidirectional control displays other characters than the checks read ("12" for "21").
  const [control] = sentence.displayControls;
  if (control !== undefined) return `${BIDI_CONTROL}: ${control}`;
  if (requestsSecret(sentence.text)) return SECRET_REQUEST;
  const [host] = foreignHosts(sentence.text, linkHosts);
  if (host !== undefined) return `${FOREIGN_LINK}: ${host}`;
  if (sentence.leaking) return CONFIDENTIAL_TEXT;
  // An invented id is refused in any sentence, non-factual or not: it would reach the customer as
  // a citation of nothing, and it shows the model making things up.
  const unknown = sentence.citations.find((id) => !chunks.has(id));
  if (unknown !== undefined) return `${UNKNOWN_CITATION}: ${unknown}`;
  if (sentence.nonFactual !== undefined)
    return sentence.nonFactual.needsAnswer && !context.answers ? ANSWER_NEEDED : undefined;
  if (sentence.checkedAgainst.length === 0) return MISSING_CITATION;
  return undefined;
}

function checkSentence(sentence: Sentence, context: ReplyContext): SentenceCheck {
  const problem = problemOf(sentence, context);
  if (problem !== undefined || sentence.nonFactual !== undefined) return failed(problem);
  return unsupported(
    sentence.text,
    sentence.checkedAgainst.flatMap((id) => context.chunks.get(id) ?? []),
    context.minSupportedShare,
    sentence.judged,
    context.facts,
  );
}

/**
 * The mechanical check that decides whether a draft reply may reach the customer. The reply is
 * read in its canonical citation form ({@link canonicalCitations}: `【a#1】`, `［a#1］`, markers after
 * the full stop and `[a#1][b#2]` as `[a#1, b#2]` before it), which is the text the agent sends.
 * Characters that change the order text is displayed in (bidirectional controls anywhere, a
 * direction mark beside a digit) are written out as their code points
 * ({@link withVisibleDisplayControls}). The reply, the chunks and the confidential texts are then
 * put through `normalizeForChecks` (NFKC, invisible characters stripped, Arabic folded), so that a
 * zero-width space or a full-width letter inside a word hides it from no check. The reply is split
 * into sentences ({@link splitSentences}), and each sentence must be either
 *
 * - a line that states nothing ({@link nonFactualLineOf}: a greeting, thanks, sympathy, a closing,
 *   the rephrase request, and, only beside a cited sentence of the same reply, an acknowledgement
 *   such as "Sure!" or a lead-in ending in a colon, `answer_needed` otherwise), as a whole, or
 * - cited, and supported by the chunks it cites: it states no quantity
 *   ({@link extractQuantities}) that they lack, compared by canonical value and unit
 *   (`unsupported_quantity: <value>`), at least {@link MIN_SUPPORTED_SHARE} of its content
 *   terms or their concepts are theirs, in either language ({@link conceptSupport};
 *   `unsupported_words: <words>`), and the chunk sentences it restates carry its typed facts, its
 *   polarity and the conditions of what it states ({@link factProblem}). A sentence without
 *   a citation of its own is checked against those of the cited sentence on its line, of the
 *   lines a lead-in introduces, or of the nearest cited sentence of the reply
 *   ({@link paragraphCitations}); in a reply that cites nothing it is `missing_citation`.
 *
 * Whatever it cites, a sentence fails when it
 *
 * - holds a character that reorders what is displayed (`bidi_control: U+202E`);
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
 * checked (normalised); `factual` says it was held to the citation rule (not a non-factual line).
 * A sentence of `options.judgedSupport` is not held to the word share; every other test stands.
 * Pure: no model, no I/O, no clock.
 */
export function validateReply(
  reply: string,
  promptChunks: readonly PromptChunk[],
  options: ValidateReplyOptions = {},
): ValidationVerdict {
  return checkReply(reply, promptChunks, options).verdict;
}

/**
 * {@link validateReply}'s verdict with the questions a support judge could settle: each failing
 * sentence that only the word share fails (its quantities, names and facts pass), with the text
 * of the chunks it is checked against (its citations, or its paragraph's) and its own words
 * without citation markers, both as the checks read them.
 */
export function checkReply(
  reply: string,
  promptChunks: readonly PromptChunk[],
  options: ValidateReplyOptions = {},
): CheckedReply {
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

  const canonical = canonicalCitations(reply);
  const controls = displayControlsOf(canonical);
  const normalizedReply = normalizeForChecks(withVisibleDisplayControls(canonical));
  const texts = splitSentences(normalizedReply);
  const leaking = sentencesRepeatingConfidential(
    texts,
    (options.confidential ?? []).map(normalizedOnce),
    [...chunks.values()].map((chunk) => chunk.text),
  );
  const own = texts.map((text) => ({
    text,
    nonFactual: nonFactualLineOf(text),
    citations: extractCitations(text),
  }));
  const checkedAgainst = paragraphCitations(
    own.map((s) => ({ text: s.text, citations: s.citations, states: s.nonFactual === undefined })),
    sentenceLines(normalizedReply, texts.length),
  );
  const judged = options.judgedSupport ?? new Set<string>();
  const read = own.map((sentence, index): Sentence => ({
    ...sentence,
    checkedAgainst: checkedAgainst[index]!,
    leaking: leaking.has(index),
    judged: judged.has(clip(sentence.text, MAX_VERDICT_TEXT)),
    displayControls: displayControlsIn(sentence.text, controls),
  }));
  const context: ReplyContext = {
    chunks,
    linkHosts: options.linkHosts ?? [],
    minSupportedShare: options.minSupportedShare ?? MIN_SUPPORTED_SHARE,
    answers: read.some((s) => s.nonFactual === undefined && s.citations.length > 0),
    facts: {
      lexicon: reader.lexicon,
      replyFacts: new Set(conceptsOf(normalizedReply, reader.lexicon).facts.keys()),
    },
  };
  const questions: SupportQuestion[] = [];
  const sentences = read.map((sentence, index): SentenceVerdict => {
    const { problem, judgeable } = checkSentence(sentence, context);
    const verdict: SentenceVerdict = {
      text: clip(sentence.text, MAX_VERDICT_TEXT),
      factual: sentence.nonFactual === undefined,
      citations: sentence.citations,
      ok: problem === undefined,
    };
    if (problem !== undefined) verdict.problem = clip(problem, MAX_PROBLEM_TEXT);
    if (judgeable)
      questions.push({
        index,
        sentence: verdict.text,
        premise: sentence.checkedAgainst.flatMap((id) => chunks.get(id)?.text ?? []).join('\n\n'),
        hypothesis: stripCitations(sentence.text).trim(),
      });
    return verdict;
  });

  return {
    verdict: { passed: sentences.length > 0 && sentences.every((s) => s.ok), sentences },
    questions,
  };
}

/**
 * Whether the reply asks the customer to rephrase (a sentence of the `rephrase` kind of
 * {@link NON_FACTUAL_LINES}): the bot had chunks and did not answer. Read as
 * {@link validateReply} reads the reply.
 */
export function asksToRephrase(reply: string): boolean {
  return splitSentences(normalizeForChecks(canonicalCitations(reply))).some(
    (text) => nonFactualLineOf(text)?.rephrase === true,
  );
}
