import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { validateReply } from './validate-reply.js';

// Random drafts built from sentences whose nature the test knows, checked against an oracle that
// is written from that knowledge alone: no splitting, no classifying, no quantity reading, no
// stemming. Chunks hold whole statements whose vocabularies do not overlap, so a statement is
// either wholly in a chunk or hardly at all.

type Kind = 'duration' | 'price' | 'percentage';
type Digits = 'western' | 'grouped' | 'arabic' | 'persian';

interface Fact {
  value: number;
  kind: Kind;
}

interface ChunkSpec {
  chunkId: string;
  facts: Fact[];
  statements: string[];
}

interface SentenceSpec {
  factual: boolean;
  body: string;
  /** A statement without numbers: supported by a cited chunk that holds it. */
  statement: string | null;
  terminator: string;
  quantity: Fact | null;
  citations: string[];
  oneBracket: boolean;
  markerAfterStop: boolean;
  lead: string;
}

const COURTESY: readonly (readonly [string, string])[] = [
  ['Hi', '!'],
  ['Hello there', '!'],
  ['Thank you for reaching out', '.'],
  ['Is there anything else I can help you with', '?'],
  ['Have a great day', '!'],
  ['مرحباً', '!'],
  ['أهلاً وسهلاً', '!'],
  ['شكراً لتواصلك', '.'],
  ['هل هناك شيء آخر يمكنني مساعدتك به', '؟'],
  ['نتمنى لك يوماً سعيداً', '.'],
];

const FACTS_WITHOUT_NUMBERS: readonly string[] = [
  'Sale items are final',
  'Exchanges happen in store',
  'Gift wrapping is complimentary',
  'تغليف الهدايا مجاني',
  'التخفيضات نهائية',
];

const TEMPLATES: Readonly<Record<Kind, readonly ((n: string) => string)[]>> = {
  duration: [(n) => `Returns are accepted within ${n} days`, (n) => `يمكنك الإرجاع خلال ${n} يوماً`],
  price: [(n) => `The delivery fee is ${n} SAR`, (n) => `رسوم التوصيل ${n} ريال`],
  percentage: [(n) => `Members get ${n}% off`, (n) => `خصم ${n}٪ للأعضاء`],
};

function shiftDigits(text: string, zero: number): string {
  return text.replace(/\d/g, (digit) => String.fromCharCode(zero + Number(digit)));
}

/** 1500 as "1500", "1,500", "١٬٥٠٠" or "۱۵۰۰". */
function digits(value: number, style: Digits): string {
  const grouped = value.toLocaleString('en-US');
  switch (style) {
    case 'western':
      return String(value);
    case 'grouped':
      return grouped;
    case 'arabic':
      return shiftDigits(grouped, 0x0660).replaceAll(',', '\u066C');
    case 'persian':
      return shiftDigits(String(value), 0x06f0);
  }
}

/** Every fact in both languages' wording, then the statements. */
function chunkText(chunk: ChunkSpec): string {
  return [
    ...chunk.facts.flatMap((fact) =>
      TEMPLATES[fact.kind].map((write) => `${write(String(fact.value))}.`),
    ),
    ...chunk.statements.map((statement) => `${statement}.`),
  ].join(' ');
}

function render(spec: SentenceSpec): string {
  const markers = spec.oneBracket
    ? spec.citations.length > 0
      ? ` [${spec.citations.join(', ')}]`
      : ''
    : spec.citations.map((id) => ` [${id}]`).join('');
  const sentence = spec.markerAfterStop
    ? `${spec.body}${spec.terminator}${markers}`
    : `${spec.body}${markers}${spec.terminator}`;
  return `${spec.lead}${sentence}`;
}

/**
 * What a factual sentence is checked against: its citations, else those of the nearest cited
 * sentence on its line (a lead with a line break starts a new one), after it first.
 */
function checkedAgainst(sentences: readonly SentenceSpec[], index: number): readonly string[] {
  const own = sentences[index]!.citations;
  if (own.length > 0 || !sentences[index]!.factual) return own;
  let line = 0;
  const lines = sentences.map((s) => (line += s.lead.split('\n').length - 1));
  const cited = (i: number) => lines[i] === lines[index] && sentences[i]!.citations.length > 0;
  for (let i = index + 1; i < sentences.length; i++) if (cited(i)) return sentences[i]!.citations;
  for (let i = index - 1; i >= 0; i--) if (cited(i)) return sentences[i]!.citations;
  // No cited sentence on its line: the nearest that follows in the reply, else the nearest before.
  const anyCited = (i: number) => sentences[i]!.citations.length > 0;
  for (let i = index + 1; i < sentences.length; i++)
    if (anyCited(i)) return sentences[i]!.citations;
  for (let i = index - 1; i >= 0; i--) if (anyCited(i)) return sentences[i]!.citations;
  return own;
}

/** The independent oracle: what the validator must conclude about the draft. */
function shouldPass(chunks: readonly ChunkSpec[], sentences: readonly SentenceSpec[]): boolean {
  const byId = new Map(chunks.map((chunk) => [chunk.chunkId, chunk]));
  return (
    sentences.length > 0 &&
    sentences.every((spec, index) => {
      if (!spec.citations.every((id) => byId.has(id))) return false;
      if (!spec.factual) return true;
      const sentence = { ...spec, citations: checkedAgainst(sentences, index) };
      if (sentence.citations.length === 0) return false;
      const { statement } = sentence;
      if (statement !== null)
        return sentence.citations.some((id) => byId.get(id)?.statements.includes(statement));
      const stated = sentence.quantity;
      if (stated === null) return true;
      return sentence.citations.some((id) =>
        (byId.get(id)?.facts ?? []).some(
          (fact) => fact.value === stated.value && fact.kind === stated.kind,
        ),
      );
    })
  );
}

const kindArb = fc.constantFrom<Kind>('duration', 'price', 'percentage');
const valueArb = fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1000, max: 50_000 }));
const factArb: fc.Arbitrary<Fact> = fc.record({ value: valueArb, kind: kindArb });
const chunkIdArb = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/), fc.integer({ min: 0, max: 99 }))
  .map(([doc, n]) => `${doc}#${n}`);
const chunksArb = fc.uniqueArray(
  fc.record({
    chunkId: chunkIdArb,
    facts: fc.array(factArb, { minLength: 1, maxLength: 4 }),
    statements: fc.subarray([...FACTS_WITHOUT_NUMBERS], { maxLength: 2 }),
  }),
  { minLength: 1, maxLength: 4, selector: (chunk) => chunk.chunkId },
);

function sentenceArb(chunks: readonly ChunkSpec[]): fc.Arbitrary<SentenceSpec> {
  const known = chunks.map((chunk) => chunk.chunkId);
  // Mostly known ids, so that enough drafts pass; sometimes none, sometimes invented ones.
  const citations = fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.constantFrom(...known), { minLength: 1, maxLength: 2 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.oneof(fc.constantFrom(...known), chunkIdArb), { maxLength: 3 }),
    },
  );
  const layout = {
    oneBracket: fc.boolean(),
    markerAfterStop: fc.boolean(),
    lead: fc.constantFrom(' ', '\n', '\n- ', '\n• ', '\n1. ', '\n٢. '),
  };
  const courtesy = fc
    .record({ ...layout, citations, pair: fc.constantFrom(...COURTESY) })
    .map(({ pair: [body, terminator], ...rest }): SentenceSpec => ({
      ...rest,
      factual: false,
      body,
      statement: null,
      terminator,
      quantity: null,
    }));
  const plainFact = fc
    .record({ ...layout, citations, body: fc.constantFrom(...FACTS_WITHOUT_NUMBERS) })
    .map((spec): SentenceSpec => ({
      ...spec,
      factual: true,
      statement: spec.body,
      terminator: '.',
      quantity: null,
    }));
  // A quantity taken from a chunk and citing that chunk (plus maybe others); sometimes the same
  // value with another kind ("21 SAR" against "21 days"); or anything at all.
  const grounded = fc.constantFrom(...chunks).chain((chunk) =>
    fc
      .tuple(
        fc
          .constantFrom(...chunk.facts)
          .chain((fact) =>
            fc.oneof(
              { weight: 3, arbitrary: fc.constant(fact) },
              { weight: 1, arbitrary: kindArb.map((kind) => ({ value: fact.value, kind })) },
            ),
          ),
        fc.array(fc.constantFrom(...known), { maxLength: 1 }),
      )
      .map(([fact, others]) => ({ quantity: fact, citations: [chunk.chunkId, ...others] })),
  );
  const anyQuantity = fc.record({ quantity: factArb, citations });
  const numberFact = fc
    .record({
      ...layout,
      claim: fc.oneof({ weight: 3, arbitrary: grounded }, { weight: 2, arbitrary: anyQuantity }),
      digits: fc.constantFrom<Digits>('western', 'grouped', 'arabic', 'persian'),
      template: fc.nat(1),
    })
    .map(
      ({
        claim: { quantity, citations: cited },
        digits: style,
        template,
        ...rest
      }): SentenceSpec => {
        const write = TEMPLATES[quantity.kind][template] ?? String;
        return {
          ...rest,
          factual: true,
          body: write(digits(quantity.value, style)),
          statement: null,
          terminator: '.',
          quantity,
          citations: cited,
        };
      },
    );
  return fc.oneof(courtesy, plainFact, numberFact);
}

const draftArb = chunksArb.chain((chunks) =>
  fc.record({
    chunks: fc.constant(chunks),
    sentences: fc.array(sentenceArb(chunks), { maxLength: 4 }),
  }),
);

/**
 * Characters a reader never sees: they must change no verdict, wherever they stand, except a
 * direction mark beside a digit, which can show a number's digits in another order and fails the
 * draft (`bidi_control`, tested in validate-reply.unit.spec.ts): it is not scattered there.
 */
const invisiblesArb = fc.array(
  fc.tuple(
    fc.nat(),
    fc.constantFrom('\u200B', '\u200C', '\u200D', '\uFEFF', '\u00AD', '\u2060', '\u200F', '\u061C'),
  ),
  { maxLength: 6 },
);

const DIRECTION_MARK = /[\u200E\u200F\u061C]/;

function scatter(text: string, invisibles: readonly (readonly [number, string])[]): string {
  const chars = [...text];
  for (const [at, invisible] of invisibles) {
    const index = at % (chars.length + 1);
    const besideDigit = [chars[index - 1], chars[index]].some((c) => c && /\p{Nd}/u.test(c));
    if (DIRECTION_MARK.test(invisible) && besideDigit) continue;
    chars.splice(index, 0, invisible);
  }
  return chars.join('');
}

describe('validateReply (property)', () => {
  it('passes a random draft exactly when the oracle says it should', () => {
    const outcomes = { passed: 0, failed: 0 };
    fc.assert(
      fc.property(draftArb, invisiblesArb, ({ chunks, sentences }, invisibles) => {
        const reply = scatter(sentences.map(render).join(''), invisibles);
        const promptChunks = chunks.map((chunk) => ({
          chunkId: chunk.chunkId,
          text: chunkText(chunk),
        }));
        const verdict = validateReply(reply, promptChunks);

        expect(verdict.passed).toBe(shouldPass(chunks, sentences));
        outcomes[verdict.passed ? 'passed' : 'failed'] += 1;
        expect(verdict.sentences.map((s) => s.factual)).toEqual(sentences.map((s) => s.factual));
        expect(verdict.sentences.map((s) => s.citations)).toEqual(
          sentences.map((s) => [...new Set(s.citations)]),
        );
      }),
      { numRuns: 1000 },
    );
    // The generator must exercise both sides, or the equivalence above proves little.
    expect(outcomes.passed).toBeGreaterThan(100);
    expect(outcomes.failed).toBeGreaterThan(100);
  });

  it('never passes a factual sentence that lacks a known citation or support', () => {
    fc.assert(
      fc.property(draftArb, ({ chunks, sentences }) => {
        const verdict = validateReply(
          sentences.map(render).join(''),
          chunks.map((chunk) => ({ chunkId: chunk.chunkId, text: chunkText(chunk) })),
        );
        if (!verdict.passed) return;
        const known = new Set(chunks.map((chunk) => chunk.chunkId));
        // A factual sentence cites, or is checked against a sentence of the reply that does.
        const cites = verdict.sentences.some((s) => s.citations.length > 0);
        for (const sentence of verdict.sentences) {
          expect(sentence.citations.every((id) => known.has(id))).toBe(true);
          if (sentence.factual) expect(cites).toBe(true);
        }
      }),
    );
  });

  it('never throws, and its verdict is consistent, whatever the text', () => {
    const tricky = fc.constantFrom(
      ...'.!?؟؛…[]#,،٬٫%٪-*•\n '.split(''),
      'a#1',
      '[a#1]',
      '[a#1, b#2]',
      '12.5',
      '1,500',
      '١٬٥٠٠',
      '٢١',
      'days',
      'يوماً',
      'SAR',
      'ريال',
      'Hi',
      'مرحباً',
      'e.g.',
      '1. ',
      'twenty',
      'عشر',
      'و',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: tricky, maxLength: 60 }),
    );
    fc.assert(
      fc.property(
        text,
        fc.array(fc.record({ chunkId: fc.oneof(chunkIdArb, fc.string()), text }), { maxLength: 3 }),
        (reply, promptChunks) => {
          const verdict = validateReply(reply, promptChunks);
          expect(verdict.passed).toBe(
            verdict.sentences.length > 0 && verdict.sentences.every((s) => s.ok),
          );
          for (const sentence of verdict.sentences) {
            expect(sentence.ok).toBe(sentence.problem === undefined);
            expect(sentence.text.length).toBeGreaterThan(0);
            for (const id of sentence.citations) expect(id).toMatch(/^[a-z0-9][a-z0-9-]*#\d+$/);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
