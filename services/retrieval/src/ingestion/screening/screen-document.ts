import { readerRequestsIn } from '@support/citations';
import {
  MAX_FINDING_SENTENCE_CHARS,
  type DocLanguage,
  type PlantedInstructionRule,
} from '@support/contracts';
import { BIDI_CONTROLS, withVisibleBidiControls } from '@support/text';
import { documentSentences } from './document-sentences.js';

export interface ScreeningFinding {
  /** The sentence as a reader sees it (invisible characters removed), cut to the contract's size. */
  readonly sentence: string;
  readonly rule: PlantedInstructionRule;
  readonly language: DocLanguage;
}

// What renders as nothing (zero-width characters, as normalizeForChecks strips them): the report
// shows the sentence as written otherwise, Arabic diacritics and hamza included. Bidirectional
// controls are shown as their code points.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const ARABIC = /\p{Script=Arabic}/u;

function shown(sentence: string): string {
  const visible = withVisibleBidiControls(sentence)
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim();
  return visible.length <= MAX_FINDING_SENTENCE_CHARS
    ? visible
    : `${visible.slice(0, MAX_FINDING_SENTENCE_CHARS - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/**
 * The sentences of a knowledge-base document (title included) that ask their reader what no shop
 * text asks: the reply check's own rules (`readerRequestsIn` of `@support/citations`: a secret
 * handed over, an instruction to whoever answers customers, words to the assistant, a change of
 * its rules), read on the text as it will be displayed (Markdown reduced to what a reader sees,
 * invisible characters gone, look-alike letters read as what they look like). A sentence holding a
 * bidirectional control is refused too (`bidi_control`): it can display other words than it is
 * made of. One finding per sentence and rule; a document with any is not indexed.
 */
export function screenDocument(doc: { title: string; body: string }): ScreeningFinding[] {
  const findings = new Map<string, ScreeningFinding>();
  const add = (finding: ScreeningFinding) =>
    findings.set(`${finding.sentence}|${finding.rule}|${finding.language}`, finding);
  for (const sentence of documentSentences(doc.title, doc.body)) {
    if (BIDI_CONTROLS.test(sentence))
      add({
        sentence: shown(sentence),
        rule: 'bidi_control',
        language: ARABIC.test(sentence) ? 'ar' : 'en',
      });
    for (const { rule, language } of readerRequestsIn(sentence))
      add({ sentence: shown(sentence), rule, language });
  }
  return [...findings.values()];
}
