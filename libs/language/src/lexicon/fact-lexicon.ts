import { withoutClitics } from '../text/arabic-forms.js';
import { readLanguageData } from '../text/read-data.js';
import { stem } from '../text/stem.js';
import { type Token, tokens } from '../text/tokens.js';

/**
 * How a fact concept is checked: `stated` may not be added, `kept` may not be dropped, `kept_any`
 * may be dropped while another of its group that the source sets is kept.
 */
export type FactCheck = 'stated' | 'kept' | 'kept_any';

/** A concept that carries a checkable fact (fact-concepts.yaml, a glossary, or a place). */
export interface FactConcept {
  readonly id: string;
  /** scope, condition, channel, time, unit, place, name. */
  readonly kind: string;
  readonly checks: ReadonlySet<FactCheck>;
  /** The concepts it also stands for ("Visa" is a card). */
  readonly broader: readonly string[];
  /** Whether a negation makes it say nothing ("no fee of any kind"). */
  readonly notUnderNegation: boolean;
  /** Whether it makes the value after it a limit ("over 200", "before 1 pm"). */
  readonly limit: boolean;
}

/** A concept found in a text, with the tokens that name it (end exclusive). */
export interface FactMention {
  readonly concept: FactConcept;
  readonly start: number;
  readonly end: number;
}

interface GroupData {
  readonly why: string;
  readonly kind: string;
  readonly checks: readonly FactCheck[];
  readonly not_under_negation?: boolean;
  readonly concepts: Readonly<
    Record<
      string,
      { en?: readonly string[]; ar?: readonly string[]; broader?: string; limit?: boolean }
    >
  >;
}

/** The stems of a term's words, as a text's tokens give them. */
function termKey(term: string): string {
  return tokens(term)
    .map((token) => stem(token.word))
    .join(' ');
}

/** The stems a token may stand for: an Arabic word also without its clitics ("وجده" → "جده"). */
function tokenStems(token: Token, first: boolean): string[] {
  const forms = token.language === 'ar' && first ? withoutClitics(token.word) : [token.word];
  return [...new Set(forms.map(stem))];
}

/** A pair of spellings lists from a knowledge base's glossary. */
export interface GlossaryPair {
  readonly en: readonly string[];
  readonly ar: readonly string[];
}

/**
 * The fact concepts of a language pack, matched as phrases of stems: the longest term starting at
 * each token wins, an Arabic term's first word may carry clitics. Two concepts may not share a
 * term: the pack is refused at load.
 */
export class FactLexicon {
  private readonly byKey = new Map<string, FactConcept>();
  private longest = 1;

  private add(term: string, concept: FactConcept, overwrite: boolean): void {
    const key = termKey(term);
    if (key.length === 0) return;
    const known = this.byKey.get(key);
    if (known !== undefined && known.id !== concept.id) {
      if (!overwrite) return;
      throw new Error(`language pack: "${term}" is both ${known.id} and ${concept.id}`);
    }
    this.byKey.set(key, concept);
    this.longest = Math.max(this.longest, key.split(' ').length);
  }

  /** Loads the groups of a pack (fact-concepts.yaml's shape). */
  static fromGroups(groups: readonly GroupData[]): FactLexicon {
    const lexicon = new FactLexicon();
    for (const group of groups)
      for (const [id, words] of Object.entries(group.concepts)) {
        const concept: FactConcept = {
          id,
          kind: group.kind,
          checks: new Set(group.checks),
          broader: words.broader === undefined ? [] : [words.broader],
          notUnderNegation: group.not_under_negation ?? false,
          limit: words.limit === true,
        };
        for (const term of [...(words.en ?? []), ...(words.ar ?? [])])
          lexicon.add(String(term), concept, true);
      }
    return lexicon;
  }

  /**
   * This lexicon with a knowledge base's glossary: each pair a named thing of the shop (its
   * wallet, its districts) that a draft may not name unless its source does. Terms the packs
   * already hold keep their concept.
   */
  withGlossary(pairs: readonly GlossaryPair[]): FactLexicon {
    const extended = new FactLexicon();
    for (const [key, concept] of this.byKey) extended.byKey.set(key, concept);
    extended.longest = this.longest;
    for (const pair of pairs) {
      const name = pair.en[0] ?? pair.ar[0];
      if (name === undefined) continue;
      const concept: FactConcept = {
        id: `name.${termKey(name).replace(/ /g, '_')}`,
        kind: 'name',
        checks: new Set<FactCheck>(['stated']),
        broader: [],
        notUnderNegation: false,
        limit: false,
      };
      for (const term of [...pair.en, ...pair.ar]) extended.add(term, concept, false);
    }
    return extended;
  }

  /** The fact concepts a text names, in order, each phrase read once. */
  mentions(text: string): FactMention[] {
    return this.tokensAndMentions(text).mentions;
  }

  /** The normalised words of a text and the fact concepts they name. */
  tokensAndMentions(text: string): { words: string[]; mentions: FactMention[] } {
    const words = tokens(text);
    const found: FactMention[] = [];
    let index = 0;
    while (index < words.length) {
      const match = this.longestAt(words, index);
      if (match === undefined) {
        index += 1;
        continue;
      }
      found.push(match);
      index = match.end;
    }
    return { words: words.map((token) => token.word), mentions: found };
  }

  private longestAt(words: readonly Token[], start: number): FactMention | undefined {
    const max = Math.min(this.longest, words.length - start);
    for (let length = max; length >= 1; length -= 1) {
      const rest = words
        .slice(start + 1, start + length)
        .map((token) => tokenStems(token, false)[0]!);
      for (const head of tokenStems(words[start]!, true)) {
        const concept = this.byKey.get([head, ...rest].join(' '));
        if (concept !== undefined) return { concept, start, end: start + length };
      }
    }
    return undefined;
  }
}

const PACKS = ['fact-concepts.yaml', 'shop-words.yaml'];

/**
 * The concepts of the shop trade in English, MSA and Gulf Arabic: the facts of fact-concepts.yaml
 * and the plain words of shop-words.yaml (kind `word`, checked for nothing, read in both languages).
 */
export const FACT_LEXICON = FactLexicon.fromGroups(
  PACKS.flatMap((file) => (readLanguageData(file) as { groups: readonly GroupData[] }).groups),
);

/** The kind of a concept that only translates a word: it is no fact. */
export const WORD_KIND = 'word';
