const DIGIT = '[0-9\\u0660-\\u0669\\u06F0-\\u06F9]';

/**
 * A list marker at the start of a line: a bullet (`-`, `*`, `+`, `•`, `·`, `▪`, `◦`, `‣`, `–`, `—`)
 * followed by a space (the round bullets need none), or a number of one or two digits in any of
 * the three digit sets followed by `.`, `)` or `-` and a space (`1.`, `١.`, `2)`, `٣-`, `(4)`).
 * Two digits at most, so that a year ("2024. ...") is never taken for a list number.
 */
const LIST_MARKER = new RegExp(
  `^(?:[-*+\\u2013\\u2014]\\s+|[\\u2022\\u00B7\\u25AA\\u25E6\\u2023]\\s*|${DIGIT}{1,2}[.)\\-]\\s+|\\(${DIGIT}{1,2}\\)\\s+)`,
);

/**
 * The line without its list marker. The marker is dropped from the sentence so that the "1" of
 * "1. Returns are free" is not read as a quantity the sentence states.
 */
export function stripListMarker(line: string): string {
  return line.replace(LIST_MARKER, '');
}
