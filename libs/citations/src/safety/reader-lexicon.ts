import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { bare, isArabic, type ReaderToken, readerText } from './reader-text.js';

/** One term of a concept: its words in the compared form, each whole or (`prefix`) a beginning. */
interface Term {
  readonly words: readonly { readonly text: string; readonly prefix: boolean }[];
  readonly concept: string;
}

interface ConceptData {
  readonly why: string;
  readonly en: readonly string[];
  readonly ar: readonly string[];
  readonly not_beside?: readonly string[];
  readonly not_words?: readonly string[];
  readonly not_written?: readonly string[];
}

const CANDIDATE_MEMO_MAX = 50_000;

/** A span of tokens, end exclusive. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The data files beside the code, read from `src` whether this runs from `src` or `dist`. */
export function readSafetyData(file: string): unknown {
  return parse(readFileSync(new URL(`../../src/safety/data/${file}`, import.meta.url), 'utf8'));
}

/** A term's words as the tokens compare them: read like text, an Arabic word without its article. */
function termWords(term: string): Term['words'] {
  return term
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .flatMap((raw) => {
      const prefix = raw.endsWith('*') && raw.length > 1;
      const read = readerText(prefix ? raw.slice(0, -1) : raw);
      // A term written with a hyphen or an apostrophe reads as the text does.
      const pieces = read.split(/[^\p{L}\p{N},:"]+/u).filter((piece) => piece.length > 0);
      return pieces.map((text, i) => ({
        text: isArabic(text) ? bare(text) : text,
        prefix: prefix && i === pieces.length - 1,
      }));
    });
}

/**
 * The concepts of `reader-concepts.yaml`, indexed by the first word of each term, so that a
 * sentence is read once: each token looks up the terms that can start at it.
 */
export class ConceptLexicon {
  private readonly whole = new Map<string, Term[]>();
  /** Prefix terms by their first word's first two characters. */
  private readonly prefixed = new Map<string, Term[]>();
  private readonly notBeside = new Map<string, ReadonlySet<string>>();
  private readonly notWords = new Map<string, ReadonlySet<string>>();
  private readonly notWritten = new Map<string, ReadonlySet<string>>();
  private readonly candidateMemo = new Map<string, readonly Term[]>();
  readonly names: ReadonlySet<string>;

  constructor(concepts: Readonly<Record<string, ConceptData>>) {
    this.names = new Set(Object.keys(concepts));
    for (const [concept, data] of Object.entries(concepts)) {
      if (!data.why) throw new Error(`concept ${concept} says not why it is one`);
      for (const raw of [...data.en, ...data.ar]) {
        const words = termWords(String(raw));
        if (words.length === 0) continue;
        const first = words[0]!;
        const index = first.prefix ? this.prefixed : this.whole;
        const key = first.prefix ? first.text.slice(0, 2) : first.text;
        index.set(key, [...(index.get(key) ?? []), { words, concept }]);
      }
      if (data.not_written)
        this.notWritten.set(concept, new Set(data.not_written.map((word) => readerText(word))));
      if (data.not_words)
        this.notWords.set(
          concept,
          new Set(data.not_words.flatMap((word) => termWords(word).map((w) => w.text))),
        );
      if (data.not_beside)
        this.notBeside.set(
          concept,
          new Set(data.not_beside.flatMap((word) => termWords(word).map((w) => w.text))),
        );
    }
  }

  /** Every span of every concept in the tokens. */
  spans(tokens: readonly ReaderToken[]): Map<string, Span[]> {
    const found = new Map<string, Span[]>();
    for (let start = 0; start < tokens.length; start++) {
      const token = tokens[start]!;
      for (const term of this.candidates(token)) {
        const end = matchTerm(tokens, start, term);
        if (
          end === null ||
          this.wordExcluded(token, term.concept) ||
          this.besideExcluded(tokens, term.concept, start, end)
        )
          continue;
        const spans = found.get(term.concept) ?? [];
        if (!spans.some((s) => s.start === start && s.end === end)) spans.push({ start, end });
        found.set(term.concept, spans);
      }
    }
    return found;
  }

  /** The terms that may start at a token: looked up once per distinct word, as most words are none. */
  private candidates(token: ReaderToken): readonly Term[] {
    let terms = this.candidateMemo.get(token.text);
    if (terms === undefined) {
      const found = new Set<Term>();
      for (const form of token.forms) {
        for (const term of this.whole.get(form) ?? []) found.add(term);
        for (const term of this.prefixed.get(form.slice(0, 2)) ?? [])
          if (term.words[0]!.prefix && form.startsWith(term.words[0]!.text)) found.add(term);
      }
      terms = [...found];
      if (this.candidateMemo.size >= CANDIDATE_MEMO_MAX) this.candidateMemo.clear();
      this.candidateMemo.set(token.text, terms);
    }
    return terms;
  }

  private wordExcluded(token: ReaderToken, concept: string): boolean {
    if (this.notWritten.get(concept)?.has(token.text)) return true;
    const excluded = this.notWords.get(concept);
    return excluded !== undefined && token.forms.some((form) => excluded.has(form));
  }

  private besideExcluded(
    tokens: readonly ReaderToken[],
    concept: string,
    start: number,
    end: number,
  ): boolean {
    const excluded = this.notBeside.get(concept);
    if (!excluded) return false;
    return [tokens[start - 1], tokens[end]].some((token) =>
      token?.forms.some((form) => excluded.has(form)),
    );
  }
}

/** Where the term ends when it starts at `start`, or null. */
function matchTerm(tokens: readonly ReaderToken[], start: number, term: Term): number | null {
  for (let i = 0; i < term.words.length; i++) {
    const token = tokens[start + i];
    const word = term.words[i]!;
    if (!token) return null;
    const hit = token.forms.some((form) =>
      word.prefix ? form.startsWith(word.text) : form === word.text,
    );
    if (!hit) return null;
  }
  return start + term.words.length;
}
