import { arabicVariants, contentTerms, questionFocus } from '@support/text';
import {
  LABEL_TOPICS,
  type LabelTopic,
  type TopicClassifier,
  type TopicLabel,
  type TranscriptLine,
} from './topic-classifier.js';
import { groupHolds, shippedTopicCues, type TopicCue, type TopicCues } from './topic-cues.js';

export interface RulesClassifierOptions {
  /** The cues and weights (default: the shipped `topic-cues.yaml` of `@support/text`). */
  readonly cues?: TopicCues;
}

/** The cues one line holds, each with the evidence it adds before the line's own weight. */
export interface LineEvidence {
  readonly line: number;
  readonly role: TranscriptLine['role'];
  readonly weight: number;
  readonly hits: readonly {
    readonly cue: string;
    readonly topic: LabelTopic;
    readonly evidence: number;
  }[];
}

const ARABIC = /[\u0600-\u06FF]/;

const round = (n: number) => Math.round(n * 1e4) / 1e4;

const zeroScores = () =>
  Object.fromEntries(LABEL_TOPICS.map((t) => [t, 0])) as Record<LabelTopic, number>;

/**
 * The local bilingual classifier: one engine over the cue file. Each line is analysed by the
 * shop's text pipeline (@support/text: folding, dialect, stems, shop concepts); every cue it holds
 * adds the cue's weight to its topic (more when the cue is in the line's question), times the
 * line's weight: by who wrote it, and for the customer's lines that carry cues, more for later
 * ones. The top topic wins; no cue or a tie at the top gives `other`. Confidence is the winner's
 * share of the evidence. Pure and synchronous underneath; `classify` wraps it in the port's promise.
 */
export class RulesClassifier implements TopicClassifier {
  readonly kind = 'rules';
  private readonly cues: TopicCues;
  private readonly cueTerms: readonly string[];

  constructor(options: RulesClassifierOptions = {}) {
    this.cues = options.cues ?? shippedTopicCues();
    this.cueTerms = [...new Set(this.cues.cues.flatMap((cue) => cue.terms))];
  }

  classify(transcript: readonly TranscriptLine[]): Promise<TopicLabel> {
    return Promise.resolve(this.label(transcript));
  }

  /** The cues of each line and the weight each line gets. */
  evidence(transcript: readonly TranscriptLine[]): LineEvidence[] {
    const { weights } = this.cues;
    const lines = transcript.map((line, index) => ({
      index,
      role: line.role,
      hits: this.hitsOf(line),
    }));
    const topical = lines.filter((l) => l.role === 'customer' && l.hits.length > 0);
    const last = Math.max(1, topical.length - 1);
    return lines.map((l) => {
      const rank = topical.indexOf(l);
      const recency = rank < 0 ? 1 : 1 + (weights.recency * rank) / last;
      return {
        line: l.index,
        role: l.role,
        weight: (weights.roles[l.role] ?? 0) * recency,
        hits: l.hits,
      };
    });
  }

  /**
   * Score of every topic over the transcript. The bot's and colleagues' lines only reinforce
   * topics the customer raised: the customer's problem is the topic, and a greeting or an answer
   * about something else must not set it.
   */
  scores(transcript: readonly TranscriptLine[]): Record<LabelTopic, number> {
    const evidence = this.evidence(transcript);
    const raised = new Set(
      evidence.filter((l) => l.role === 'customer').flatMap((l) => l.hits.map((h) => h.topic)),
    );
    const scores = zeroScores();
    for (const line of evidence)
      for (const hit of line.hits)
        if (line.role === 'customer' || raised.has(hit.topic))
          scores[hit.topic] += hit.evidence * line.weight;
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

  private hitsOf(line: TranscriptLine): LineEvidence['hits'] {
    if (line.text.trim() === '') return [];
    const held = this.heldCueTerms(line.text);
    if (held.size === 0 && !this.cues.cues.some((c) => c.group)) return [];
    // In a line that asks and tells, the asking sentences are what the customer wants answered.
    const focus = line.role === 'customer' ? questionFocus(line.text) : undefined;
    const asked = focus && focus.context !== '' ? this.heldCueTerms(focus.focus) : undefined;
    const lineTerms = contentTerms(line.text);
    const askedTerms = asked && focus ? contentTerms(focus.focus) : undefined;
    const hits: { cue: string; topic: LabelTopic; evidence: number }[] = [];
    for (const cue of this.cues.cues) {
      if (!holds(cue, held, lineTerms)) continue;
      const inQuestion =
        asked !== undefined && askedTerms !== undefined && holds(cue, asked, askedTerms);
      hits.push({
        cue: cue.source,
        topic: cue.topic,
        evidence: cue.weight * (inQuestion ? 1 + this.cues.weights.question : 1),
      });
    }
    return hits;
  }

  /**
   * The cue terms a text holds: as written, or for an Arabic word, one reduced to the other by
   * the light stemmer's steps ("وصلت" holds "وصل"). Two words that only meet at a third form are
   * not counted: short Arabic stems meet by accident ("تريد" and "بريد" both reach "ريد").
   */
  private heldCueTerms(text: string): Set<string> {
    const held = contentTerms(text);
    const forms = new Set<string>();
    for (const term of held)
      for (const form of ARABIC.test(term) ? arabicVariants(term) : [term]) forms.add(form);
    return new Set(
      this.cueTerms.filter(
        (cue) =>
          forms.has(cue) || (ARABIC.test(cue) && arabicVariants(cue).some((f) => held.has(f))),
      ),
    );
  }
}

function holds(cue: TopicCue, held: ReadonlySet<string>, lineTerms: ReadonlySet<string>): boolean {
  if (cue.group !== undefined) return groupHolds(cue.group, lineTerms);
  return cue.terms.every((term) => held.has(term));
}
