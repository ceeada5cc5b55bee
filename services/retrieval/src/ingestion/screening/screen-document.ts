import {
  MAX_FINDING_SENTENCE_CHARS,
  type DocLanguage,
  type PlantedInstructionRule,
} from '@support/contracts';
import { documentSentences } from './document-sentences.js';
import { plantedInstructionsIn } from './planted-instructions.js';

export interface ScreeningFinding {
  /** The sentence as a reader sees it (invisible characters removed), cut to the contract's size. */
  readonly sentence: string;
  readonly rule: PlantedInstructionRule;
  readonly language: DocLanguage;
}

// What renders as nothing (zero-width and bidi characters, as normalizeForChecks strips them): the
// report shows the sentence as written otherwise, Arabic diacritics and hamza included.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

function shown(sentence: string): string {
  const visible = sentence.replace(INVISIBLE, '').normalize('NFKC').replace(/\s+/g, ' ').trim();
  return visible.length <= MAX_FINDING_SENTENCE_CHARS
    ? visible
    : `${visible.slice(0, MAX_FINDING_SENTENCE_CHARS - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/**
 * The sentences of a knowledge-base document (title included) that read as instructions planted
 * for the assistant, one finding per sentence and rule. A document with any finding is not indexed.
 */
export function screenDocument(doc: { title: string; body: string }): ScreeningFinding[] {
  const findings = new Map<string, ScreeningFinding>();
  for (const sentence of documentSentences(doc.title, doc.body)) {
    for (const { rule, language } of plantedInstructionsIn(sentence)) {
      const finding = { sentence: shown(sentence), rule, language };
      findings.set(`${finding.sentence}|${rule}|${language}`, finding);
    }
  }
  return [...findings.values()];
}
