// How customers type in a chat box, as the words a policy would use: "do u deliver on fridays",
// "whats ur return window", "cant find my receipt".
const SHORTHAND: readonly [RegExp, string][] = [
  [/\bu\b/gi, 'you'],
  [/\bur\b/gi, 'your'],
  [/\bwhats\b/gi, 'what is'],
  [/\bhows\b/gi, 'how is'],
  [/\bwheres\b/gi, 'where is'],
  [/\bwhens\b/gi, 'when is'],
  [/\bcant\b/gi, 'cannot'],
  [/\bdont\b/gi, 'do not'],
  [/\bdoesnt\b/gi, 'does not'],
  [/\bdidnt\b/gi, 'did not'],
  [/\bisnt\b/gi, 'is not'],
  [/\bim\b/gi, 'i am'],
  [/\bive\b/gi, 'i have'],
  [/\bpl[sz]\b/gi, 'please'],
  [/\bthx\b/gi, 'thanks'],
  [/\bb4\b/gi, 'before'],
  [/\bhrs\b/gi, 'hours'],
  [/\bmins\b/gi, 'minutes'],
  [/\bwk(s)?\b/gi, 'week$1'],
];

/** Chat shorthand ("u", "ur", "whats", "cant") written out as the words it stands for. */
export function expandEnglishShorthand(text: string): string {
  let out = text;
  for (const [pattern, words] of SHORTHAND) out = out.replace(pattern, words);
  return out;
}
