import { arabicBm25, englishBm25 } from '@support/text';
import {
  LABEL_TOPICS,
  type LabelTopic,
  type TopicClassifier,
  type TopicLabel,
  type TranscriptLine,
} from './topic-classifier.js';
import { TOPIC_LEXICON, type TopicTerms } from './topic-lexicon.js';

type Lang = 'en' | 'ar';

/** A lexicon term reduced to the stems it matches, in order. */
export interface CompiledTerm {
  readonly topic: LabelTopic;
  readonly lang: Lang;
  readonly term: string;
  readonly stems: readonly string[];
  readonly weight: number;
}

export interface RulesClassifierOptions {
  readonly lexicon?: Readonly<Record<LabelTopic, TopicTerms>>;
  /** Weight of a line by who wrote it: the customer says what the problem is. */
  readonly roleWeights?: Readonly<Record<TranscriptLine['role'], number>>;
  /** The last line weighs `1 + recencyBoost` times the first (linear in between). */
  readonly recencyBoost?: number;
}

const DEFAULT_ROLE_WEIGHTS = { customer: 1, human: 0.6, agent: 0.4 } as const;

// The BM25 encoders' own pipelines (normalise, tokenise, drop stop words, Snowball stem), so a
// term and a transcript word that share a stem match, whatever the inflection or spelling.
const encoders = { en: englishBm25(), ar: arabicBm25() } as const;
const stemsOf = (lang: Lang, text: string): string[] => encoders[lang].terms(text);

/** Every lexicon term with its stems; a term whose stems are empty (all stop words) is kept, inert. */
export function compileLexicon(
  lexicon: Readonly<Record<LabelTopic, TopicTerms>> = TOPIC_LEXICON,
): CompiledTerm[] {
  const compiled: CompiledTerm[] = [];
  for (const topic of LABEL_TOPICS) {
    for (const lang of ['en', 'ar'] as const) {
      const seen = new Set<string>();
      for (const [weight, terms] of lexicon[topic][lang]) {
        for (const term of terms) {
          const stems = stemsOf(lang, term);
          const key = stems.join(' ');
          // Two spellings with one stem count once.
          if (seen.has(key)) continue;
          seen.add(key);
          compiled.push({ topic, lang, term, stems, weight });
        }
      }
    }
  }
  return compiled;
}

function containsSequence(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const round = (n: number) => Math.round(n * 1e4) / 1e4;

/**
 * The local bilingual classifier: keyword and stem rules over the whole transcript. Each line adds,
 * for every lexicon term it contains, the term's weight times the line's weight (by role, and a
 * little more for later lines) to the term's topic. The top topic wins; no match or a tie at the
 * top gives `other`. Confidence is the winner's share of all the evidence. Pure and synchronous
 * underneath; `classify` only wraps it in the port's promise.
 */
export class RulesClassifier implements TopicClassifier {
  readonly kind = 'rules';
  private readonly terms: readonly CompiledTerm[];
  private readonly roleWeights: Readonly<Record<TranscriptLine['role'], number>>;
  private readonly recencyBoost: number;

  constructor(options: RulesClassifierOptions = {}) {
    this.terms = compileLexicon(options.lexicon).filter((t) => t.stems.length > 0);
    this.roleWeights = options.roleWeights ?? DEFAULT_ROLE_WEIGHTS;
    this.recencyBoost = options.recencyBoost ?? 0.5;
  }

  classify(transcript: readonly TranscriptLine[]): Promise<TopicLabel> {
    return Promise.resolve(this.label(transcript));
  }

  /** Score of every topic over the transcript. */
  scores(transcript: readonly TranscriptLine[]): Record<LabelTopic, number> {
    const scores = Object.fromEntries(LABEL_TOPICS.map((t) => [t, 0])) as Record<
      LabelTopic,
      number
    >;
    const last = Math.max(1, transcript.length - 1);
    transcript.forEach((line, index) => {
      const lineWeight =
        (this.roleWeights[line.role] ?? 0) * (1 + (this.recencyBoost * index) / last);
      if (lineWeight <= 0 || line.text.trim() === '') return;
      const stems = { en: stemsOf('en', line.text), ar: stemsOf('ar', line.text) };
      for (const term of this.terms)
        if (containsSequence(stems[term.lang], term.stems))
          scores[term.topic] += term.weight * lineWeight;
    });
    return scores;
  }

  label(transcript: readonly TranscriptLine[]): TopicLabel {
    const ranked = Object.entries(this.scores(transcript)).sort((a, b) => b[1] - a[1]) as [
      LabelTopic,
      number,
    ][];
    const total = ranked.reduce((sum, [, score]) => sum + score, 0);
    const [top, second] = ranked;
    if (!top || top[1] <= 0) return { topic: 'other', confidence: 0 };
    if (second && Math.abs(top[1] - second[1]) < 1e-9) return { topic: 'other', confidence: 0 };
    return { topic: top[0], confidence: round(top[1] / total) };
  }
}
