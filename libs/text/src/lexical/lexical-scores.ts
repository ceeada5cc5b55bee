import { arabicBm25, englishBm25 } from '../bm25/language-encoders.js';

const english = englishBm25();
const arabic = arabicBm25();
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+/g;

/**
 * Words that shape a customer's question but say nothing about its subject ("how many", "can you
 * tell me", "ممكن", "عايز"), beyond the BM25 stop words. Compared after analysis, so listed as the
 * analysers produce them.
 */
const QUESTION_WORDS = new Set([
  ...english.terms(
    'many much want need like please know tell get would could can may also still hi hello thanks thank ok okay help ' +
      'question ask wondering possible way anyone someone',
  ),
  ...arabic.terms(
    'ممكن أريد اريد ابغى ابي أبغى بدي عايز عاوز لو سمحت من فضلك كيف كم متى هل وين فين شو ايش إيش ليش لماذا ماذا ' +
      'مرحبا شكرا السلام عليكم يا الله أعرف اعرف ودي حابب',
  ),
]);

/**
 * The content terms of a text in both languages: Arabic-script words through the Arabic analysis,
 * the rest through the English one (normalised, stop words dropped, Snowball-stemmed), so a mixed
 * sentence keeps the terms of both halves.
 */
export function contentTerms(text: string): Set<string> {
  const arabicPart = (text.match(ARABIC_SCRIPT) ?? []).join(' ');
  const otherPart = text.replace(ARABIC_SCRIPT, ' ');
  const terms = new Set<string>(english.terms(otherPart));
  for (const term of arabic.terms(arabicPart)) terms.add(term);
  for (const word of QUESTION_WORDS) terms.delete(word);
  return terms;
}

/**
 * The local lexical answerability score of each text for the query, 0..1: the IDF-weighted share
 * of the query's content terms that the text contains. IDF is taken over the texts being scored
 * (the fused candidates), smoothed as ln((N + 1) / (df + 0.5)), so a query term that no candidate
 * contains weighs most: a "wholesale" question over retail-only chunks scores low even though
 * "return" and "order" match everywhere.
 */
export function lexicalScores(query: string, texts: readonly string[]): number[] {
  const queryTerms = [...contentTerms(query)];
  if (queryTerms.length === 0 || texts.length === 0) return texts.map(() => 0);
  const documents = texts.map(contentTerms);
  const n = documents.length;
  const weight = new Map(
    queryTerms.map((term) => {
      const df = documents.reduce((count, doc) => count + (doc.has(term) ? 1 : 0), 0);
      return [term, Math.log((n + 1) / (df + 0.5))];
    }),
  );
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  return documents.map((doc) => {
    let covered = 0;
    for (const [term, w] of weight) if (doc.has(term)) covered += w;
    return total > 0 ? covered / total : 0;
  });
}
