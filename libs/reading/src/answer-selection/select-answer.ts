import { alternatives, alternativesOf, wordList, words, wordSet } from '@support/language';
import { type PromptChunk, replyLanguage, sectionHeading } from '@support/policy';
import {
  conditionOnlyTerms,
  contentTerms,
  detectLanguage,
  isNegated,
  isPaymentConcept,
  isPlaceConcept,
  normalizeText,
  questionFocus,
  sharedTerms,
  termConcept,
  wordTerms,
} from '@support/text';
import { splitSentences } from '../sentences.js';
import { answerStrength, durationPhrasesOf } from './answer-cues.js';
import { listLeadsOf, withListItems } from './answer-text.js';
import { SELECTION_WEIGHTS } from './selection-weights.js';
import {
  isAnotherCase,
  leavesStatedCaseOpen,
  type SentenceValues,
  sentenceValues,
  type StatedNumber,
  statedCaseValues,
  statedNumbers,
  THRESHOLD_WORD,
} from './stated-case.js';
import {
  asksFigure,
  detectQuestionType,
  kindTerms,
  questionParts,
  type QuestionType,
} from './question-type.js';

const WEIGHTS = SELECTION_WEIGHTS;

/** The sentence-level floor: the share of the question a sentence must answer (0..1). */
export const SENTENCE_MIN_SCORE = WEIGHTS.sentenceFloor;

// A sentence that asks (an FAQ's question, the customers' questions an article lists as examples)
// never answers: quoting it would hand the customer their own question back.
const ASKS = /[?؟]\s*$/;

// Openings of a sentence that only makes sense after the one before it, and of one that offers
// the customer another way (the packs' answer.continues and answer.offers_instead), read on the
// folded sentence.
const CONTINUES_WORDS = new RegExp(
  `^(?:${alternatives('answer.continues', { script: 'latin' })})\\b|^(?:${alternatives('answer.continues', { script: 'arabic' })})`,
  'i',
);
const continues = (sentence: string) => CONTINUES_WORDS.test(normalizeText(sentence));
const OFFERS_INSTEAD = new RegExp(
  `^(?:${alternatives('answer.offers_instead', { script: 'latin' })})\\b|^(?:${alternatives('answer.offers_instead', { script: 'arabic' })})(?:\\s|$)`,
  'i',
);

// The shop actions a question can be about (the trade pack's actions.yaml). A sentence about
// another action (in neither its words nor its document's title) answers another question: "free
// delivery over 200 SAR" does not answer "can I pay on delivery?", whatever words it shares with
// it. So does a sentence whose section is about an action the question does not name. Either
// keeps a sentence under the floor.
const TRANSACTIONS = wordSet('trade.transactions');
const TIMED_ACTION = new RegExp(`${THRESHOLD_WORD}\\s+\\S+`, 'g');
const PAY = words('trade.payment')[0]!;
// With what is done to a garment; only a section about a transaction is another action's.
const ACTIONS = new Set([...TRANSACTIONS, ...words('trade.garment_care')]);
// The actions that come with one the customer names (a returned item is refunded).
const LEADS_TO = wordList('trade.leads_to').pairs;
// The ways to pay a rule can be for: the trade's own (cash, card, a wallet...) and the payment
// brands. A customer who names theirs is answered by a rule for it or for none in particular.
const WAYS_TO_PAY = wordSet('trade.ways_to_pay');
const isWayToPay = (term: string) => WAYS_TO_PAY.has(term) || isPaymentConcept(term);
const MONEY_ACTIONS = words('trade.money_actions');

// "Where are your branches in Muscat?": the place says where, "branches" what. A sentence that has
// the place but nothing of what is asked about there ("gift wrapping in Muscat costs 2 OMR")
// answers another question ({@link SELECTION_WEIGHTS}.anotherQuestion).

// A rule for the customer speaks to them ("you can return within 15 days"); the shop's own
// process ("the warehouse checks each returned parcel in 2 days") is the weaker lead of two that
// score alike. Arabic: the second-person forms, on folded text, and a second-person suffix
// (answer.addressing_suffixes) except on the common words that end in one but address nobody
// (answer.not_addressing).
const NOT_ADDRESSING = alternativesOf(words('answer.not_addressing').map((w) => w.slice(0, -1)));
const ADDRESSES_CUSTOMER = new RegExp(
  `\\b(?:${alternatives('answer.addresses_customer', { script: 'latin' })})\\b|(?:^|\\s)(?:${alternatives('answer.addresses_customer', { script: 'arabic' })})(?:\\s|$)|(?<!(?:^|\\s)(?:${NOT_ADDRESSING}))(?:${alternatives('answer.addressing_suffixes', { longestFirst: true })})(?=\\s|$|[.،,:;])`,
);

// A sentence whose rule is for another case than the one the customer states ("before 4 PM" for
// "if I order at 9 pm, when…") answers another question, only where the outcome is what is asked
// (a time, an amount); a yes/no or a choice is answered by the rule itself.
const OUTCOME_TYPES: ReadonlySet<QuestionType> = new Set(['duration', 'amount']);
// The question types whose answer can hinge on a number the customer states about their case.
const CASE_TYPES: ReadonlySet<QuestionType> = new Set(['amount', 'yes_no', 'options', 'other']);
// The question types that ask for a value a sentence states (a time, a sum, a number, a place).
const VALUE_TYPES: ReadonlySet<QuestionType> = new Set(['duration', 'amount', 'count', 'place']);

/** One sentence of the prompt chunks, scored against the question. */
export interface ScoredSentence {
  readonly chunkId: string;
  /** Rank of its chunk in the prompt (0 = best). */
  readonly chunkIndex: number;
  readonly sentenceIndex: number;
  readonly text: string;
  /** 0..1: the IDF-weighted share of the question's terms it covers, times its kind factor. */
  readonly score: number;
  /** Index into the question's parts of the part it scored best for. */
  readonly part: number;
  /** Its score for each part of the question (one part unless the question asks two things). */
  readonly partScores: readonly number[];
  readonly terms: ReadonlySet<string>;
  /** The IDF weight of the terms it holds of the message's context (the sentences that do not ask). */
  readonly told: number;
  readonly lang: 'en' | 'ar';
}

export interface AnswerSelection {
  /** Every sentence of the chunks, best first. */
  readonly scored: readonly ScoredSentence[];
  /** The sentences of the answer in chunk order; empty when none clears the floor. */
  readonly picked: readonly ScoredSentence[];
}

export interface SelectionOptions {
  readonly maxSentences?: number;
  readonly floor?: number;
  /** The customer's language: sentences in it are preferred when one clears the floor. */
  readonly language?: 'en' | 'ar' | 'mixed';
}

/**
 * Picks the sentences of the prompt chunks that answer the question, not the ones that merely
 * share its words:
 * - each sentence is scored by the IDF-weighted share of the question's content terms it holds
 *   (IDF over the chunks' sentences, so a term no chunk has weighs most: "wholesale" over
 *   retail-only chunks leaves every sentence low), halved unless it has the kind of fact the
 *   question asks for (a duration for "how long", an amount for "how much", ...);
 * - the best sentence must clear the floor, else there is no answer;
 * - the answer stays in that sentence's document: other sentences of it join when they clear the
 *   floor themselves or hold a question term the answer lacks; a second document only answers
 *   the second part of a two-part question, and only with a sentence that clears the floor.
 */
export function selectAnswer(
  question: string,
  chunks: readonly PromptChunk[],
  options: SelectionOptions = {},
): AnswerSelection {
  const floor = options.floor ?? SENTENCE_MIN_SCORE;
  const maxSentences = options.maxSentences ?? WEIGHTS.maxSentences;
  // What the message asks decides; the story around it only orders sentences that answer alike.
  const { focus, context } = questionFocus(question);
  const asked = questionParts(focus).map((text) => {
    const type = detectQuestionType(text);
    return {
      type,
      wanted: subjectTerms(text, type),
      conditions: conditionOnlyTerms(text),
      // What the kind check leaves out: the durations the part names, whether it asks how much.
      ownPhrases: type === 'duration' ? durationPhrasesOf(text) : [],
      asksFigure: type === 'amount' && asksFigure(text),
    };
  });
  const wanted = new Set(asked.flatMap((part) => [...part.wanted]));
  const told = [...contentTerms(context)].filter((term) => !wanted.has(term));
  // A chunk's title and its section's heading say what its sentences are about: "It is open on
  // Friday from 4 PM" is about the store of the "Our stores" section, "Fee: 2.500 BHD" about the
  // delivery of the "Same-day delivery" section.
  const headings = chunks.map((chunk) => sectionHeading(chunk.text) ?? '');
  // The ways to pay a section's heading names: the rows under "Cash on delivery" are its rules.
  const headingWays = headings.map((heading) => [...contentTerms(heading)].filter(isWayToPay));
  const sentences = chunks.flatMap((chunk, chunkIndex) => {
    const texts = splitSentences(chunk.text);
    return texts.map((text, sentenceIndex) => {
      // A rule and the sentence that goes on from it are one answer ("Collect orders wait in store
      // for a week. After that they are cancelled."): the rule is scored with both sentences'
      // words.
      const next = texts[sentenceIndex + 1];
      const written = wordTerms(text);
      const concepts = [...written].map(termConcept);
      const words =
        next !== undefined && continues(next) ? contentTerms(`${text} ${next}`) : new Set(concepts);
      return {
        chunk,
        chunkIndex,
        sentenceIndex,
        text,
        written,
        conditions: conditionOnlyTerms(text, { explicitOnly: true }),
        places: concepts.filter(isSinglePlace),
        ways: [...concepts.filter(isWayToPay), ...headingWays[chunkIndex]!],
        namesPlace: concepts.some(isPlaceConcept),
        terms: sharedTerms(wanted, words),
        told: sharedTerms(told, words),
        lang: languageOf(chunk, text),
      };
    });
  });
  if (wanted.size === 0 || sentences.length === 0) return { scored: [], picked: [] };

  const df = new Map<string, number>();
  for (const s of sentences)
    for (const term of [...s.terms, ...s.told]) df.set(term, (df.get(term) ?? 0) + 1);
  const n = sentences.length;
  // A term no sentence has weighs a little more than the rarest one present, not as much as
  // plain IDF would make it: it may only be worded differently ("dress" for "item"), yet a
  // sentence with one of two question terms stays under the floor ("do you accept Tamara?"
  // answered by "exchanges are not accepted").
  const weight = (term: string) => Math.log((n + 1) / (Math.max(0.5, df.get(term) ?? 0) + 0.5));
  // A part that names nothing the chunks have and asks for a value is about what the other part
  // names: "Does the gift card expire? How long is it valid?" asks the second question of the gift
  // card. One that asks anything else ("…? is there a minimum for it") asks about something no
  // chunk names: half the message is unanswered, so the message is.
  const parts = asked.map((part, index) =>
    asked.length > 1 && VALUE_TYPES.has(part.type) && ![...part.wanted].some((term) => df.has(term))
      ? { ...part, wanted: asked[1 - index]!.wanted }
      : part,
  );
  // What a condition names ("if I return the dress, when is the money back?") tells which rule
  // applies, not what is asked: it counts for half.
  const partWeight = (part: (typeof parts)[number], term: string) =>
    weight(term) * (part.conditions.has(term) ? WEIGHTS.condition : 1);
  const totals = parts.map((part) =>
    [...part.wanted].reduce((sum, t) => sum + partWeight(part, t), 0),
  );
  // Of paying or of the money coming back, a rule that names no way to pay is not known to be the
  // customer's: refunds to a card and for cash on delivery take different routes.
  const asksOfMoney = parts.map((part) =>
    MONEY_ACTIONS.some((action) => part.wanted.has(action) && !part.conditions.has(action)),
  );

  const titleTerms = chunks.map((chunk, i) =>
    sharedTerms(wanted, contentTerms(`${chunk.title ?? ''}\n${headings[i]}`)),
  );
  // The actions a chunk's section is about, from its heading: "Tamara then returns any instalment
  // you paid" under "Refunds for Tamara instalments" is about refunding, whatever words it shares
  // with "can I pay in instalments?". Not from the page's title: a "Returns" page also says when
  // the money arrives. An action a heading names after a threshold word says when, not what:
  // "Before shipping" heads what may be changed until the order ships.
  const aboutActions = headings.map((heading) =>
    [...contentTerms(normalizeText(heading).replace(TIMED_ACTION, ' '))].filter((term) =>
      TRANSACTIONS.has(term),
    ),
  );
  // Under a heading that names no action, the page's title says what its rules are about: a
  // "Returns policy" page's "How long you have" is about returning. A title's action also covers
  // what it leads to (a Returns page says when the refund arrives).
  const pageActions = chunks.map((chunk) =>
    [...contentTerms(chunk.title ?? '')].filter((term) => TRANSACTIONS.has(term)),
  );
  const questionWords = wordTerms(focus);
  const statedValues = statedCaseValues(focus);
  // The numbers the whole message states about the customer's case, by what the asked part may
  // hinge on: a limit on a sum or a count for a yes/no, an amount or a choice; a cut-off hour for a
  // time. "How do I return it? I paid 300 SAR" asks nothing the sum changes.
  const stated = statedNumbers(question);
  const statedFor: readonly (readonly StatedNumber[])[] = parts.map(({ type }) =>
    CASE_TYPES.has(type)
      ? stated
      : type === 'duration'
        ? stated.filter((number) => number.kind === 'clock')
        : [],
  );
  // A sentence's values, read once and only when a part has a stated number to meet; a lead into
  // a list ("Our sizes, by chest:") states its values in the items under it.
  const caseValues = new Map<(typeof sentences)[number], SentenceValues>();
  const valuesOf = (s: (typeof sentences)[number]) => {
    let values = caseValues.get(s);
    if (values === undefined) {
      values = sentenceValues(withListItems(s.chunk.text, s.text));
      caseValues.set(s, values);
    }
    return values;
  };
  const messageTerms = [...contentTerms(question)];
  // The places the whole message names, story included: they set the customer's case.
  const askedPlaces = messageTerms.filter(isPlaceConcept);
  // The actions the whole message names or leads to; a way to pay names paying.
  const messageActions = new Set(
    messageTerms.flatMap((term) => [
      term,
      ...(LEADS_TO[term] ?? []),
      ...(isPaymentConcept(term) ? [PAY] : []),
    ]),
  );
  // The ways to pay the message names, story included: "I paid cash" sets the customer's case.
  const messageWays = messageTerms.filter(isWayToPay);
  const questionLanguage = detectLanguage(question);
  const scored: ScoredSentence[] = sentences.map((s) => {
    // A term the sentence has as the customer wrote it counts fully; one it has only through a
    // synonym ("الاستلام" for "التوصيل") counts a little less, so the literal answer wins a tie.
    // Across languages every match is a synonym: no discount there.
    const crossLanguage = questionLanguage !== 'mixed' && s.lang !== questionLanguage;
    const literal = new Set([...sameWords(questionWords, s.written)].map(termConcept));
    const partScores = parts.map((part, index) => {
      let covered = 0;
      for (const term of part.wanted) {
        if (s.terms.has(term))
          covered +=
            partWeight(part, term) * (crossLanguage || literal.has(term) ? 1 : WEIGHTS.synonym);
        else if (titleTerms[s.chunkIndex]!.has(term))
          covered += partWeight(part, term) * WEIGHTS.fromTitle;
      }
      const coverage = totals[index]! > 0 ? covered / totals[index]! : 0;
      // "Muscat takes 3-4 working days" under "Delivery times" is about delivering; "once they
      // arrive" in a question about returning sets when, and asks nothing about delivering.
      const missesAction = [...part.wanted].some(
        (term) =>
          ACTIONS.has(term) &&
          !part.conditions.has(term) &&
          !s.terms.has(term) &&
          !titleTerms[s.chunkIndex]!.has(term),
      );
      // Nor does a sentence that names the asked actions only in its own condition: "shipping
      // is only refunded if the whole order is cancelled" says nothing of cancelling a gift card.
      const named = [...part.wanted].filter((t) => ACTIONS.has(t) && !part.conditions.has(t));
      const actionOnlyAsCondition =
        named.some((term) => s.conditions.has(term)) &&
        named.every((term) => !s.terms.has(term) || s.conditions.has(term));
      const askedActions = askedActionsOf(part.wanted);
      const about = aboutActions[s.chunkIndex]!;
      // A section about an action the message neither names nor leads to answers another
      // question, even when its heading also names the asked one: "Refund times by payment
      // method" says when money comes back, not how to pay ("can I split it with Tamara?").
      const underOtherAction =
        about.length > 0 &&
        ((askedActions.length > 0 && !about.some((term) => part.wanted.has(term))) ||
          about.some((term) => !messageActions.has(term)));
      const onPageOfOtherAction =
        askedActions.length > 0 &&
        about.length === 0 &&
        pageActions[s.chunkIndex]!.length === 1 &&
        pageActions[s.chunkIndex]!.some(
          (term) =>
            !messageActions.has(term) &&
            !(LEADS_TO[term] ?? []).some((led) => messageActions.has(led)),
        );
      const things = [...part.wanted].filter((term) => !isPlaceConcept(term));
      const onlyThePlace =
        things.length > 0 &&
        things.length < part.wanted.size &&
        !things.some((term) => s.terms.has(term) || titleTerms[s.chunkIndex]!.has(term));
      // "How long to Muscat?" (or "my sister lives in Muscat. how long to get there?"): a row for
      // Kuwait answers for another place, however many of the question's other words it shares,
      // and a time or a fee that names no place at all is not known to be Muscat's ("this adds 5
      // working days"); the Gulf as a whole covers it. A yes/no is answered by where a rule holds
      // ("evening slots in Riyadh and Dubai only").
      const anotherPlace =
        OUTCOME_TYPES.has(part.type) &&
        askedPlaces.length > 0 &&
        (s.places.length > 0
          ? !askedPlaces.some((place) => s.places.includes(place))
          : !s.namesPlace);
      // "I paid on delivery; where does the refund go?": a rule for gift cards, or for a
      // wallet's cashback, is another customer's, whatever it shares with the question.
      const anotherWayToPay =
        messageWays.length > 0 &&
        (s.ways.length > 0
          ? !s.ways.some((way) => messageWays.includes(way))
          : asksOfMoney[index]!);
      // Each way of answering another question takes its share again.
      const anotherQuestion = [
        anotherPlace,
        anotherWayToPay,
        missesAction || underOtherAction || onPageOfOtherAction || actionOnlyAsCondition,
        onlyThePlace,
        OUTCOME_TYPES.has(part.type) && isAnotherCase(statedValues, s.text),
        statedFor[index]!.length > 0 &&
          leavesStatedCaseOpen(
            statedFor[index]!,
            valuesOf(s),
            part.type === 'amount' ? part.wanted : undefined,
          ),
      ].filter(Boolean).length;
      const score =
        coverage * kindFactor(s.text, part) * WEIGHTS.anotherQuestion ** anotherQuestion;
      return Math.round(score * 1e4) / 1e4;
    });
    const best = Math.max(...partScores);
    const bestPart = partScores.indexOf(best);
    return {
      chunkId: s.chunk.chunkId,
      chunkIndex: s.chunkIndex,
      sentenceIndex: s.sentenceIndex,
      text: s.text,
      score: best,
      part: bestPart,
      partScores,
      terms: s.terms,
      told: Math.round([...s.told].reduce((sum, term) => sum + weight(term), 0) * 1e4) / 1e4,
      lang: s.lang,
    };
  });
  // "What payment methods do you have?": of the sentences that answer alike, the one a list
  // hangs from ("Payment methods we accept" and its items) names them all.
  const asksOptions = parts.some((part) => part.type === 'options');
  const isListLead = asksOptions ? chunks.map((chunk) => listLeadsOf(chunk.text)) : [];
  const leads = (s: ScoredSentence) => (isListLead[s.chunkIndex]?.(s.text) ? 1 : 0);
  // Ties go to a list's lead (above), then to the chunk whose title names more of the question
  // (the document about it), then to the sentence with more of what the message tells ("I paid
  // with KNET"), then to the higher-ranked chunk, then to the earlier sentence.
  const byRank = (a: ScoredSentence, b: ScoredSentence) =>
    b.score - a.score ||
    leads(b) - leads(a) ||
    titleTerms[b.chunkIndex]!.size - titleTerms[a.chunkIndex]!.size ||
    b.told - a.told ||
    a.chunkIndex - b.chunkIndex ||
    a.sentenceIndex - b.sentenceIndex;
  scored.sort(byRank);

  const answering = scored.filter((s) => !ASKS.test(s.text));
  const passing = answering.filter((s) => s.score >= floor);
  // The sentences in the language the customer is answered in (Arabic for one who mixes).
  const answerLanguage = options.language && replyLanguage(options.language);
  const preferred = answerLanguage ? passing.filter((s) => s.lang === answerLanguage) : [];
  const best = (candidates: readonly ScoredSentence[]) => {
    const first = candidates[0];
    if (first === undefined) return undefined;
    // Of the sentences that tie with the first, the one that speaks to the customer leads.
    const ties = (s: ScoredSentence) =>
      s.score === first.score &&
      leads(s) === leads(first) &&
      titleTerms[s.chunkIndex]!.size === titleTerms[first.chunkIndex]!.size;
    return (
      candidates.find((s) => ties(s) && ADDRESSES_CUSTOMER.test(normalizeText(s.text))) ?? first
    );
  };
  // The customer's language wins unless its best sentence answers clearly less than another's,
  // or comes from a page whose title says less about the question (a page about something else
  // that mentions it in passing, not the same page in the other language).
  const top = passing[0];
  const first = preferred[0];
  const lead =
    first !== undefined &&
    top !== undefined &&
    first.score >= top.score * WEIGHTS.sameAnswer &&
    titleTerms[first.chunkIndex]!.size >= titleTerms[top.chunkIndex]!.size
      ? best(preferred)
      : best(passing);
  if (lead === undefined) return { scored, picked: [] };

  const document = documentOf(lead.chunkId);
  const picked: ScoredSentence[] = [lead];
  const covered = new Set(lead.terms);
  const room = () => picked.length < maxSentences;
  // Rows of one table that answer alike ("Within 2 hours: free", "After 2 hours: 1 BHD fee"):
  // which applies depends on what the customer did not say, so the answer shows each.
  const label = tableLabel(lead.text);
  if (label !== undefined)
    for (const s of answering) {
      if (!room()) break;
      if (s !== lead && s.chunkId === lead.chunkId && s.score === lead.score)
        if (tableLabel(s.text) === label) {
          picked.push(s);
          for (const term of s.terms) covered.add(term);
        }
    }
  // The lead's document: sentences that answer on their own, then ones that add a missing term.
  for (const s of answering) {
    if (!room()) break;
    if (picked.includes(s) || documentOf(s.chunkId) !== document || s.lang !== lead.lang) continue;
    const adds = [...s.terms].some((term) => !covered.has(term));
    if (s.score >= floor && (adds || s.part !== lead.part)) {
      picked.push(s);
      for (const term of s.terms) covered.add(term);
    }
  }
  // A sentence that goes on from the lead ("Past that point it can no longer be changed.") is part
  // of its answer: the lead alone would say the opposite of the rule.
  const next = scored.find(
    (s) => s.chunkId === lead.chunkId && s.sentenceIndex === lead.sentenceIndex + 1,
  );
  // A rule that says no, then what the customer can do instead ("A shipped order cannot be
  // cancelled. You can decline the parcel when it arrives."): the way out is part of the answer.
  const wayOut =
    isNegated(lead.text) && next !== undefined && OFFERS_INSTEAD.test(normalizeText(next.text));
  if (next !== undefined && !picked.includes(next) && room() && (continues(next.text) || wayOut)) {
    picked.push(next);
    for (const term of next.terms) covered.add(term);
  }
  // The question's rarest term that the chunks have ("earrings", "Muscat") says most about what
  // is asked: when the lead's document has it, the answer has it.
  const present = [...wanted].filter((term) => (df.get(term) ?? 0) > 0);
  const rarest = present.sort((a, b) => weight(b) - weight(a))[0];
  if (rarest !== undefined && !covered.has(rarest) && room()) {
    const holder = answering.find(
      (s) => s.terms.has(rarest) && documentOf(s.chunkId) === document && s.lang === lead.lang,
    );
    if (holder !== undefined && holder.score >= floor / 2) {
      picked.push(holder);
      for (const term of holder.terms) covered.add(term);
    }
  }
  // A two-part question whose other part the lead's document does not answer: a sentence of
  // another document may answer it; when none does, half an answer is no answer.
  for (let part = 0; part < parts.length; part += 1) {
    if (picked.some((s) => s.partScores[part]! >= floor)) continue;
    const other = passing.find((s) => s.partScores[part]! >= floor);
    if (other === undefined || !room()) return { scored, picked: [] };
    picked.push(other);
  }
  picked.sort((a, b) => a.chunkIndex - b.chunkIndex || a.sentenceIndex - b.sentenceIndex);
  return { scored, picked };
}

/**
 * The actions a question part asks about: those it names, else paying when it names only a way to
 * pay ("is mada accepted?" asks about paying, not about refunds to a mada card).
 */
export function askedActionsOf(wanted: ReadonlySet<string>): string[] {
  const named = [...wanted].filter((term) => ACTIONS.has(term));
  if (named.length > 0) return named;
  return [...wanted].some(isPaymentConcept) ? [PAY] : [];
}

// The Gulf as a whole ("other GCC countries") covers every place of it: no other place's row.
const WHOLE_REGION = words('trade.whole_region')[0]!;
const isSinglePlace = (term: string) => isPlaceConcept(term) && term !== WHOLE_REGION;

/**
 * 1 when the sentence has the kind of fact the question asks for, less when it only names it, else
 * less still.
 */
function kindFactor(
  sentence: string,
  part: { type: QuestionType; ownPhrases: readonly string[]; asksFigure: boolean },
): number {
  const strength = answerStrength(sentence, part.type, part.ownPhrases);
  if (strength === 'full') return 1;
  // A fee named without its figure may say whether something is free, never how much it is.
  return strength === 'named' && !part.asksFigure
    ? WEIGHTS.namedKind
    : WEIGHTS.wrongKind[part.type];
}

/** The question's content terms without the ones that only name the kind of fact asked for. */
function subjectTerms(question: string, type: QuestionType): Set<string> {
  const terms = contentTerms(question);
  const kind = kindTerms(type);
  const subject = new Set([...terms].filter((term) => !kind.has(term)));
  return subject.size > 0 ? subject : terms;
}

const SAME_WORD_PREFIX = WEIGHTS.sameWordPrefix;

/**
 * The question's words that the sentence has as written: the same stem, another form of the
 * same Arabic word, or an English inflection ("deliveries" for "deliver"): not a synonym.
 */
function sameWords(question: ReadonlySet<string>, written: ReadonlySet<string>): Set<string> {
  const same = sharedTerms(question, written);
  for (const term of question) {
    if (same.has(term) || term.length < SAME_WORD_PREFIX || !/^[a-z]/.test(term)) continue;
    const stem = term.slice(0, SAME_WORD_PREFIX);
    for (const word of written)
      if (word.startsWith(stem) && (word.startsWith(term) || term.startsWith(word))) same.add(term);
  }
  return same;
}

// A table row read as a sentence: "Destination: Bahrain; Fee: 1.500 BHD." (Arabic "،" between
// cells). Its first column's header is the label every row of the table shares.
const TABLE_ROW = /^([^:;،\n]{1,60}): [^;،]+[;،] [^:;،]{1,60}: /;

function tableLabel(sentence: string): string | undefined {
  return TABLE_ROW.exec(sentence)?.[1];
}

/** `returns-policy` of `returns-policy#2`. */
export function documentOf(chunkId: string): string {
  return chunkId.replace(/#[^#]*$/, '');
}

function languageOf(chunk: PromptChunk, text: string): 'en' | 'ar' {
  if (chunk.lang === 'en' || chunk.lang === 'ar') return chunk.lang;
  return detectLanguage(text) === 'en' ? 'en' : 'ar';
}
