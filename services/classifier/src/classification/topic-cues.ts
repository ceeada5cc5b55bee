import {
  conceptWords,
  contentTerms,
  isPaymentConcept,
  isPlaceConcept,
  readTextData,
} from '@support/text';
import { parse as parseYaml } from 'yaml';
import {
  isLabelTopic,
  type LabelTopic,
  LABEL_TOPICS,
  type TranscriptLine,
} from './topic-classifier.js';

/**
 * The shipped cue file, in the trade's pack of `@support/text` beside the shop concepts it names,
 * read by the packs' one reader at start (see the file's own header).
 */
export const TOPIC_CUES_FILE = 'domain/fashion-retail/topic-cues.yaml';

/** Families of shop concepts a cue may name at once, each a predicate of `@support/text`. */
const CONCEPT_GROUPS: Readonly<Record<string, (term: string) => boolean>> = {
  'payment-brands': isPaymentConcept,
  places: isPlaceConcept,
};

const WORD_LANGUAGES = ['en', 'ar', 'arabizi'] as const;

/** One cue, analysed: the terms a line must hold (all of them), or a concept family. */
export interface TopicCue {
  readonly topic: LabelTopic;
  readonly weight: number;
  /** As written in the file, for explanations and errors. */
  readonly source: string;
  /** The analysed terms (concepts as `~name`); empty for a group cue. */
  readonly terms: readonly string[];
  /** A concept family (`payment-brands`) instead of terms. */
  readonly group?: string;
}

export interface TopicWeights {
  readonly roles: Readonly<Record<TranscriptLine['role'], number>>;
  /** The latest cue-carrying customer line weighs `1 + recency` times the first. */
  readonly recency: number;
  /** Cues of a line's asking sentences weigh `1 + question` times. */
  readonly question: number;
}

export interface TopicCues {
  readonly weights: TopicWeights;
  readonly cues: readonly TopicCue[];
}

/** A cue file that breaks the rules in its header, naming the entry. */
export class TopicCuesError extends Error {
  readonly code = 'validation_failed';

  constructor(message: string) {
    super(message);
    this.name = 'TopicCuesError';
  }
}

type Entry = Record<string, unknown>;

const fail = (where: string, what: string): never => {
  throw new TopicCuesError(`topic cues, ${where}: ${what}`);
};

const isEntry = (value: unknown): value is Entry =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function weightOf(entry: Entry, where: string): number {
  const { weight, why } = entry;
  if (typeof weight !== 'number' || !(weight > 0) || weight > 10)
    fail(where, '`weight` must be a number above 0 and at most 10');
  if (typeof why !== 'string' || !why.trim()) fail(where, '`why` must say why');
  return weight as number;
}

function listOf(value: unknown, where: string, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.trim()))
    return fail(where, `\`${field}\` must be a list of words`);
  return value as string[];
}

function weightsOf(raw: unknown): TopicWeights {
  if (!isEntry(raw)) return fail('weights', 'missing');
  const value = (name: string, min: number): number => {
    const entry = raw[name];
    if (!isEntry(entry)) return fail(`weights.${name}`, 'missing');
    if (typeof entry.value !== 'number' || entry.value < min || entry.value > 10)
      fail(`weights.${name}`, `\`value\` must be a number from ${min} to 10`);
    if (typeof entry.why !== 'string' || !entry.why.trim())
      fail(`weights.${name}`, '`why` must say why');
    return entry.value as number;
  };
  return {
    roles: { customer: value('customer', 0), human: value('human', 0), agent: value('agent', 0) },
    recency: value('recency', 0),
    question: value('question', 0),
  };
}

/**
 * Reads a cue file: every word analysed as the transcript will be, every concept and group
 * checked against the shop concepts. Refuses a word the concepts already hold (name the concept),
 * a word that analyses to nothing (all stop words), an unknown concept, topic or group, a cue
 * listed twice for one topic, and a weight without its reason.
 */
export function parseTopicCues(text: string): TopicCues {
  return topicCuesOf(parseYaml(text));
}

/** {@link parseTopicCues} of a cue file already parsed. */
function topicCuesOf(raw: unknown): TopicCues {
  if (!isEntry(raw)) return fail('file', 'must be a mapping with `weights` and `topics`');
  const weights = weightsOf(raw.weights);
  if (!isEntry(raw.topics)) return fail('topics', 'missing');
  const cues: TopicCue[] = [];
  for (const [topic, spec] of Object.entries(raw.topics)) {
    if (!isLabelTopic(topic)) fail(`topics.${topic}`, `is no topic (${LABEL_TOPICS.join(', ')})`);
    if (!isEntry(spec)) fail(`topics.${topic}`, 'must be a mapping');
    const seen = new Set<string>();
    const add = (cue: TopicCue, where: string) => {
      const key = cue.group ?? [...cue.terms].sort().join(' ');
      if (seen.has(key)) fail(where, `"${cue.source}" counts twice for ${topic}`);
      seen.add(key);
      cues.push(cue);
    };
    const section = (name: string): Entry[] => {
      const value = (spec as Entry)[name];
      if (value === undefined) return [];
      if (!Array.isArray(value) || !value.every(isEntry))
        return fail(`topics.${topic}.${name}`, 'must be a list of entries');
      return value;
    };
    section('concepts').forEach((entry, i) => {
      const where = `topics.${topic}.concepts[${i}]`;
      const weight = weightOf(entry, where);
      for (const concept of listOf(entry.concepts, where, 'concepts')) {
        const words = conceptWords(concept);
        if (words.en.length + words.ar.length === 0) fail(where, `no shop concept "${concept}"`);
        add(
          { topic: topic as LabelTopic, weight, source: `~${concept}`, terms: [`~${concept}`] },
          where,
        );
      }
    });
    section('groups').forEach((entry, i) => {
      const where = `topics.${topic}.groups[${i}]`;
      const weight = weightOf(entry, where);
      const group = entry.group;
      if (typeof group !== 'string' || !(group in CONCEPT_GROUPS))
        fail(where, `\`group\` must be one of ${Object.keys(CONCEPT_GROUPS).join(', ')}`);
      add(
        {
          topic: topic as LabelTopic,
          weight,
          source: group as string,
          terms: [],
          group: group as string,
        },
        where,
      );
    });
    section('words').forEach((entry, i) => {
      const where = `topics.${topic}.words[${i}]`;
      const weight = weightOf(entry, where);
      for (const lang of WORD_LANGUAGES)
        for (const word of listOf(entry[lang], where, lang)) {
          const terms = [...contentTerms(word)];
          if (terms.length === 0) fail(where, `"${word}" is only stop words`);
          const concepts = terms.filter((t) => t.startsWith('~'));
          if (concepts.length === terms.length)
            fail(
              where,
              `"${word}" is the shop concept ${concepts.join(' ')}: name it under concepts`,
            );
          add({ topic: topic as LabelTopic, weight, source: word, terms }, where);
        }
    });
  }
  return { weights, cues };
}

let shipped: TopicCues | undefined;

/** The shipped cue file, read and checked once. */
export function shippedTopicCues(): TopicCues {
  shipped ??= topicCuesOf(readTextData(TOPIC_CUES_FILE));
  return shipped;
}

/** Whether a cue's concept family has a member among a line's terms. */
export function groupHolds(group: string, terms: ReadonlySet<string>): boolean {
  const member = CONCEPT_GROUPS[group];
  if (member === undefined) return false;
  for (const term of terms) if (member(term)) return true;
  return false;
}
