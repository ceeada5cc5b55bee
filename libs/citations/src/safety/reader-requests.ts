import { ConceptLexicon, readSafetyData, type Span } from './reader-lexicon.js';
import { type ReaderToken, readerTokens, STOP } from './reader-text.js';

/** What a sentence asks of its reader that no shop text may ask (the rules of reader-rules.yaml). */
export const READER_REQUEST_RULES = [
  'addressed_to_assistant',
  'answer_instruction',
  'secret_request',
  'override_instructions',
] as const;
export type ReaderRequestRule = (typeof READER_REQUEST_RULES)[number];

export interface ReaderRequest {
  readonly rule: ReaderRequestRule;
  /** The language of the words that matched (a mixed sentence reports the matching part's). */
  readonly language: 'en' | 'ar';
}

type Slot =
  | {
      readonly kind: 'concept';
      readonly name: string;
      readonly optional: boolean;
      readonly notFollowedBy?: string;
      readonly notPrecededBy?: string;
    }
  | { readonly kind: 'gap'; readonly max: number }
  | { readonly kind: 'clause_start' }
  | { readonly kind: 'mark'; readonly mark: string };

interface Unless {
  readonly clause?: readonly string[];
  readonly after?: readonly string[];
  readonly sentence?: readonly string[];
  readonly between?: readonly string[];
}

interface Pattern {
  readonly slots: readonly Slot[];
}

interface RuleData {
  readonly why: string;
  readonly any: readonly (readonly string[])[];
  readonly unless?: Unless | readonly string[];
}

/** A match of a pattern: its whole span and the gaps inside it. */
interface Match extends Span {
  readonly gaps: readonly Span[];
}

function slotOf(raw: string): Slot {
  if (raw === '^') return { kind: 'clause_start' };
  if (raw === ',' || raw === ':' || raw === '"') return { kind: 'mark', mark: raw };
  const gap = /^~(\d+)$/.exec(raw);
  if (gap) return { kind: 'gap', max: Number(gap[1]) };
  const concept = /^(?:([a-z_]+)@)?([a-z_]+)(?:!([a-z_]+))?(\?)?$/.exec(raw);
  if (!concept) throw new Error(`reader-rules.yaml: cannot read the slot "${raw}"`);
  return {
    kind: 'concept',
    name: concept[2]!,
    optional: concept[4] === '?',
    ...(concept[1] ? { notPrecededBy: concept[1] } : {}),
    ...(concept[3] ? { notFollowedBy: concept[3] } : {}),
  };
}

/** The spans of the concepts and compounds in one sentence, computed as the rules ask for them. */
class SentenceReading {
  private readonly cache: Map<string, Span[]>;

  constructor(
    readonly tokens: readonly ReaderToken[],
    lexicon: ConceptLexicon,
    private readonly compounds: ReadonlyMap<string, CompoundRule>,
  ) {
    this.cache = lexicon.spans(tokens);
  }

  spans(name: string): readonly Span[] {
    let spans = this.cache.get(name);
    if (spans === undefined) {
      const compound = this.compounds.get(name);
      spans = compound ? compound.spans(this) : [];
      this.cache.set(name, spans);
    }
    return spans;
  }

  startsClause(position: number): boolean {
    return position === 0 || this.tokens[position]?.clauseStart === true;
  }

  clauseOf(position: number): Span {
    let start = position;
    while (start > 0 && !this.tokens[start]!.clauseStart) start--;
    let end = position + 1;
    while (end < this.tokens.length && !this.tokens[end]!.clauseStart) end++;
    return { start, end };
  }

  /** Every way the slots match, each as its span and gaps. */
  matches(slots: readonly Slot[]): Match[] {
    // Most sentences hold few of the concepts: a pattern one of whose concepts is absent is done.
    for (const slot of slots)
      if (slot.kind === 'concept' && !slot.optional && this.spans(slot.name).length === 0)
        return [];
    const found: Match[] = [];
    const first = slots[0];
    const starts =
      first?.kind === 'concept' && !first.optional
        ? [...new Set(this.spans(first.name).map((s) => s.start))]
        : this.tokens
            .map((_, i) => i)
            .filter((i) => first?.kind !== 'clause_start' || this.startsClause(i));
    for (const start of starts) this.extend(slots, 0, start, start, [], found);
    return found;
  }

  private extend(
    slots: readonly Slot[],
    index: number,
    position: number,
    start: number,
    gaps: Span[],
    found: Match[],
  ): void {
    if (index === slots.length) {
      found.push({ start, end: position, gaps });
      return;
    }
    const slot = slots[index]!;
    switch (slot.kind) {
      case 'clause_start':
        if (this.startsClause(position))
          this.extend(slots, index + 1, position, start, gaps, found);
        return;
      case 'mark':
        if (this.tokens[position]?.text === slot.mark)
          this.extend(slots, index + 1, position + 1, start, gaps, found);
        return;
      case 'gap':
        for (
          let skip = 0;
          skip <= slot.max &&
          position + skip <= this.tokens.length &&
          (skip === 0 || this.tokens[position + skip - 1]!.text !== STOP);
          skip++
        )
          this.extend(
            slots,
            index + 1,
            position + skip,
            start,
            skip > 0 ? [...gaps, { start: position, end: position + skip }] : gaps,
            found,
          );
        return;
      case 'concept':
        if (slot.optional) this.extend(slots, index + 1, position, start, gaps, found);
        for (const span of this.spans(slot.name)) {
          if (span.start !== position) continue;
          if (
            slot.notFollowedBy &&
            this.spans(slot.notFollowedBy).some((s) => s.start === span.end)
          )
            continue;
          if (
            slot.notPrecededBy &&
            this.spans(slot.notPrecededBy).some((s) => s.end === span.start)
          )
            continue;
          this.extend(slots, index + 1, span.end, start, gaps, found);
        }
    }
  }

  /** Whether a match is cancelled by what surrounds it. */
  cancelled(match: Match, unless: Unless): boolean {
    const clause = this.clauseOf(match.start);
    const endClause = this.clauseOf(Math.max(match.start, match.end - 1));
    const inside = (span: Span, from: number, to: number) => span.start >= from && span.start < to;
    return (
      (unless.clause ?? []).some((name) =>
        this.spans(name).some((s) => inside(s, clause.start, match.start)),
      ) ||
      (unless.after ?? []).some((name) =>
        this.spans(name).some((s) => inside(s, match.end, endClause.end)),
      ) ||
      (unless.sentence ?? []).some((name) => this.spans(name).length > 0) ||
      (unless.between ?? []).some((name) =>
        this.spans(name).some((s) => match.gaps.some((gap) => inside(s, gap.start, gap.end))),
      )
    );
  }
}

function unlessOf(raw: RuleData['unless']): Unless {
  if (raw === undefined) return {};
  // A compound's `unless` is a list of concepts that must not touch it.
  return Array.isArray(raw) ? {} : (raw as Unless);
}

/** A compound concept: spans where one of its patterns matches and no excluded concept touches. */
class CompoundRule {
  private readonly patterns: Pattern[];
  private readonly touching: readonly string[];

  constructor(data: RuleData) {
    this.patterns = data.any.map((slots) => ({ slots: slots.map(String).map(slotOf) }));
    this.touching = Array.isArray(data.unless) ? (data.unless as string[]) : [];
  }

  spans(reading: SentenceReading): Span[] {
    const spans: Span[] = [];
    for (const pattern of this.patterns)
      for (const match of reading.matches(pattern.slots)) {
        const touched = this.touching.some((name) =>
          reading.spans(name).some((s) => s.start <= match.end && s.end >= match.start),
        );
        if (!touched) spans.push({ start: match.start, end: match.end });
      }
    return spans;
  }
}

interface CompiledRule {
  readonly rule: ReaderRequestRule;
  readonly patterns: readonly Pattern[];
  readonly unless: Unless;
}

function compileRules(): {
  lexicon: ConceptLexicon;
  compounds: Map<string, CompoundRule>;
  rules: CompiledRule[];
} {
  const concepts = (readSafetyData('reader-concepts.yaml') as { concepts: Record<string, never> })
    .concepts;
  const data = readSafetyData('reader-rules.yaml') as {
    compounds: Record<string, RuleData>;
    rules: (RuleData & { rule: ReaderRequestRule })[];
  };
  const lexicon = new ConceptLexicon(concepts);
  const compounds = new Map(
    Object.entries(data.compounds).map(([name, rule]) => [name, new CompoundRule(rule)]),
  );
  const rules = data.rules.map((rule) => {
    if (!READER_REQUEST_RULES.includes(rule.rule))
      throw new Error(`reader-rules.yaml: unknown rule ${rule.rule}`);
    if (!rule.why) throw new Error(`reader-rules.yaml: rule ${rule.rule} says not why`);
    return {
      rule: rule.rule,
      patterns: rule.any.map((slots) => ({ slots: slots.map(String).map(slotOf) })),
      unless: unlessOf(rule.unless),
    };
  });
  // Every name a rule uses is a concept or a compound: a typo would silently match nothing.
  const known = new Set([...lexicon.names, ...compounds.keys()]);
  for (const pattern of [...rules.flatMap((r) => r.patterns)])
    for (const slot of pattern.slots)
      if (slot.kind === 'concept')
        for (const name of [slot.name, slot.notFollowedBy, slot.notPrecededBy])
          if (name !== undefined && !known.has(name))
            throw new Error(`reader-rules.yaml: no concept or compound named ${name}`);
  return { lexicon, compounds, rules };
}

const { lexicon: LEXICON, compounds: COMPOUNDS, rules: RULES } = compileRules();

/**
 * What a sentence asks of its reader that no shop text may ask: a secret handed over (card data,
 * a one-time code, a PIN or a password, in any wording), an instruction to whoever answers
 * customers about what to tell them, words addressed to the assistant, or an attempt to replace
 * its rules. One rule set for the reply check and the knowledge-base screen; the rules and their
 * words are data (`data/reader-rules.yaml`, `data/reader-concepts.yaml`). Each rule and language
 * at most once.
 */
export function readerRequestsIn(sentence: string): ReaderRequest[] {
  const tokens = readerTokens(sentence);
  if (tokens.length === 0) return [];
  const reading = new SentenceReading(tokens, LEXICON, COMPOUNDS);
  const found = new Map<string, ReaderRequest>();
  for (const rule of RULES)
    for (const pattern of rule.patterns)
      for (const match of reading.matches(pattern.slots)) {
        if (reading.cancelled(match, rule.unless)) continue;
        const arabic = tokens.slice(match.start, match.end).some((token) => token.arabic);
        const request: ReaderRequest = { rule: rule.rule, language: arabic ? 'ar' : 'en' };
        found.set(`${request.rule}|${request.language}`, request);
      }
  return [...found.values()].sort(
    (a, b) => READER_REQUEST_RULES.indexOf(a.rule) - READER_REQUEST_RULES.indexOf(b.rule),
  );
}

/** Whether a sentence asks its reader for a secret ({@link readerRequestsIn}'s `secret_request`). */
export function requestsSecret(sentence: string): boolean {
  return readerRequestsIn(sentence).some((request) => request.rule === 'secret_request');
}
