import regjsparser, { type AstNode } from 'regjsparser';

/**
 * What is known of the strings a part of a pattern matches:
 * - `exact`: it matches one of these strings and nothing else;
 * - `contains`: every string it matches contains one of these;
 * - `anything`: nothing useful is known (a class, a wildcard, an optional part).
 */
type Known =
  | { readonly kind: 'exact'; readonly strings: ReadonlySet<string> }
  | { readonly kind: 'contains'; readonly strings: ReadonlySet<string> }
  | { readonly kind: 'anything' };

/** Sets of exact strings grow by concatenation; past this size they are kept as `contains`. */
const MAX_EXACT = 64;
/** A character class of up to this many characters is kept as its characters. */
const MAX_CLASS_CHARS = 8;

const ANYTHING: Known = { kind: 'anything' };
const EMPTY: Known = { kind: 'exact', strings: new Set(['']) };

function exact(strings: Iterable<string>): Known {
  return { kind: 'exact', strings: new Set(strings) };
}

/** The same knowledge as a `contains` requirement; `anything` when it allows the empty string. */
function asRequirement(known: Known): Known {
  if (known.kind === 'anything') return known;
  if ([...known.strings].some((s) => s.length === 0)) return ANYTHING;
  return { kind: 'contains', strings: known.strings };
}

/** How selective a requirement is: its shortest string's length first, then fewer strings. */
function selectivity(known: Known): [number, number] {
  if (known.kind === 'anything') return [0, 0];
  return [Math.min(...[...known.strings].map((s) => s.length)), -known.strings.size];
}

function moreSelective(a: Known, b: Known): Known {
  const [sa, sb] = [selectivity(a), selectivity(b)];
  return sa[0] > sb[0] || (sa[0] === sb[0] && sa[1] > sb[1]) ? a : b;
}

function concatenation(parts: readonly Known[]): Known {
  let run: Set<string> = new Set(['']); // exact strings of the current run of exact parts
  let broken = false; // some part was not exact
  let best: Known = ANYTHING;
  for (const part of parts) {
    if (part.kind === 'exact' && run.size * part.strings.size <= MAX_EXACT) {
      const next = new Set<string>();
      for (const head of run) for (const tail of part.strings) next.add(head + tail);
      run = next;
      continue;
    }
    // The run ends here: what it matched is one requirement of the whole, and so is this part.
    best = moreSelective(best, asRequirement(exact(run)));
    broken = true;
    if (part.kind === 'exact') run = new Set(part.strings);
    else {
      best = moreSelective(best, asRequirement(part));
      run = new Set(['']);
    }
  }
  if (!broken) return exact(run);
  return moreSelective(best, asRequirement(exact(run)));
}

const stringsOf = (known: Known): string[] => (known.kind === 'anything' ? [] : [...known.strings]);

function alternation(options: readonly Known[]): Known {
  if (options.every((o) => o.kind === 'exact')) {
    const union = new Set(options.flatMap(stringsOf));
    if (union.size <= MAX_EXACT) return exact(union);
  }
  // Every match is a match of one option, so it contains one option's requirement.
  const requirements = options.map(asRequirement);
  if (requirements.some((r) => r.kind === 'anything')) return ANYTHING;
  return {
    kind: 'contains',
    strings: new Set(requirements.flatMap(stringsOf)),
  };
}

function classCharacters(node: Extract<AstNode, { type: 'characterClass' }>): Known {
  if (node.negative) return ANYTHING;
  const chars = new Set<string>();
  for (const item of node.body) {
    if (item.type === 'value') chars.add(String.fromCodePoint(item.codePoint));
    else if (
      item.type === 'characterClassRange' &&
      item.max.codePoint - item.min.codePoint < MAX_CLASS_CHARS
    )
      for (let c = item.min.codePoint; c <= item.max.codePoint; c++)
        chars.add(String.fromCodePoint(c));
    else return ANYTHING;
    if (chars.size > MAX_CLASS_CHARS) return ANYTHING;
  }
  return exact(chars);
}

function known(node: AstNode): Known {
  switch (node.type) {
    case 'value':
      return exact([String.fromCodePoint(node.codePoint)]);
    case 'characterClass':
      return classCharacters(node);
    case 'anchor':
      return EMPTY; // zero-width: ^, $, \b
    case 'group':
      // Lookarounds are zero-width; what they require of the text is not needed for soundness.
      if (node.behavior !== 'normal' && node.behavior !== 'ignore') return EMPTY;
      return concatenation(node.body.map(known));
    case 'alternative':
      return concatenation(node.body.map(known));
    case 'disjunction':
      return alternation(node.body.map(known));
    case 'quantifier': {
      const body = known(node.body[0]);
      if (node.max === 0) return EMPTY;
      if (node.min === 1 && node.max === 1) return body;
      if (node.min === 0)
        return node.max === 1 && body.kind === 'exact' && body.strings.size < MAX_EXACT
          ? exact([...body.strings, ''])
          : ANYTHING;
      return asRequirement(body); // at least one repetition
    }
    default:
      return ANYTHING; // wildcards, escapes such as \p{L} or \d, back-references
  }
}

/**
 * Strings of which every match of `pattern` contains at least one, or `null` when none can be
 * told (the pattern is then run on every text). A text containing none of them cannot match, so
 * this is a sound pre-filter: it can only skip a pattern that would not have matched.
 *
 * Patterns with the `i` (or `v`) flag, or that the parser does not read, get `null`.
 */
export function requiredLiterals(pattern: RegExp): string[] | null {
  if (/[iv]/.test(pattern.flags)) return null;
  let root: AstNode;
  try {
    root = regjsparser.parse(pattern.source, pattern.flags, {
      lookbehind: true,
      namedGroups: true,
      unicodePropertyEscape: true,
    }) as AstNode;
  } catch {
    return null;
  }
  const requirement = asRequirement(known(root));
  return requirement.kind === 'anything' ? null : [...requirement.strings];
}
