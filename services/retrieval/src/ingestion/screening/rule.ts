import type { DocLanguage, PlantedInstructionRule } from '@support/contracts';

/** One phrasing of a planted instruction, matched against {@link detectionText}. */
export interface PlantedInstructionPattern {
  readonly rule: PlantedInstructionRule;
  readonly language: DocLanguage;
  readonly pattern: RegExp;
  /**
   * Policy prose names secrets too, to warn: "we never ask for your PIN", "لا تشارك رمز التحقق".
   * Such a pattern counts only when its clause has no negation and the sentence is no warning.
   */
  readonly unlessNegated?: boolean;
}
