import type { DocLanguage, PlantedInstructionRule } from '@support/contracts';
import { ARABIC_RULES } from './arabic-rules.js';
import { detectionText, rulePattern as p } from './detection-text.js';
import { ENGLISH_RULES } from './english-rules.js';
import { LiteralSearch } from './literal-search.js';
import { requiredLiterals } from './required-literals.js';
import type { PlantedInstructionPattern } from './rule.js';

export interface PlantedInstructionMatch {
  readonly rule: PlantedInstructionRule;
  readonly language: DocLanguage;
}

const RULES: readonly PlantedInstructionPattern[] = [...ENGLISH_RULES, ...ARABIC_RULES];

// Each rule's required literals (`null`: none could be told, so the rule always runs), searched
// for all at once: a rule runs only on a sentence holding one of them. Running every rule on every
// sentence (72 patterns, most opening with a Unicode word boundary that defeats the engine's
// literal scan) was most of the time ingestion spent.
const RULE_LITERALS = RULES.map((rule) => requiredLiterals(rule.pattern));
const LITERALS = new LiteralSearch(RULE_LITERALS.map((literals) => literals ?? []));

// A request for a secret is advice, not a request, when its clause denies it ("we will never ask
// for your PIN", "لا تشارك رمز التحقق مع أحد") or the sentence warns about fraud, or points at the
// payment page, or asks only for the last four digits of a card.
const NEGATION = p(
  "\\b(?:never|not|no|nobody|no one|none|neither|nor|without|avoid|refuse|beware|careful|don't|doesn't|won't|can't|cannot|isn't|aren't|لا|لن|لم|ليس|ليست|لست|لسنا|أبدا|مش|مو|موب|مب|ماراح|محد|محدش|عدم|إياك|احذر|انتبه|تجنب|دون|بدون|بلاش|ممنوع|يمنع|حذار|مطلقا|إطلاقا)\\b",
);
const NEGATION_JUST_BEFORE = p('(?:^|[^\\p{L}])[وف]?ما ?$');
// Arabic puts "never" after the verb: "ما نطلب منك رقم البطاقة أبداً".
const NEGATION_AFTER = p('\\b(?:أبدا|مطلقا|إطلاقا|نهائيا)\\b');
const ADVICE = p(
  '\\b(?:scam|scams|scammers?|fraud|fraudsters?|phishing|fake|impersonat\\w*|suspicious|checkout|payment page|secure payment|payment form|card machine|card reader|last (?:4|four) digits|احتيال|محتال|محتالين|نصب|نصاب|مزيف|مزيفة|انتحال|منتحل|تصيد|مشبوه|صفحة الدفع|بوابة الدفع|جهاز (?:ال)?دفع|أجهزة (?:ال)?دفع|صفحة (?:ال)?سداد|آخر (?:4|أربع|أربعة) (?:أرقام|خانات))\\b',
);
const CLAUSE_BREAK = /[,;:،؛—–(]/g;

function clauseAround(text: string, match: RegExpExecArray): { before: string; after: string } {
  let start = 0;
  for (const m of text.slice(0, match.index).matchAll(CLAUSE_BREAK)) start = m.index + 1;
  const end = match.index + match[0].length;
  const rest = text.slice(end);
  const next = rest.search(CLAUSE_BREAK);
  return { before: text.slice(start, match.index), after: next < 0 ? rest : rest.slice(0, next) };
}

function deniedOrAdvice(text: string, match: RegExpExecArray): boolean {
  const { before, after } = clauseAround(text, match);
  return (
    NEGATION.test(before + match[0]) ||
    NEGATION_JUST_BEFORE.test(before) ||
    NEGATION_AFTER.test(after) ||
    ADVICE.test(text)
  );
}

// Each negatable rule's global twin, compiled once. A `new RegExp` (or `matchAll`'s copy) per
// sentence compiles the pattern again whenever a garbage collection has emptied V8's regexp cache,
// some 10 ms for these patterns: most of the screening time once the literal search made rule
// runs rare.
const GLOBAL_TWINS = new Map(
  RULES.filter((rule) => rule.unlessNegated).map((rule) => [
    rule,
    new RegExp(rule.pattern.source, `${rule.pattern.flags}g`),
  ]),
);

function matches(rule: PlantedInstructionPattern, text: string): boolean {
  const global = GLOBAL_TWINS.get(rule);
  if (global === undefined) return rule.pattern.test(text);
  // Every match in turn, as `matchAll` yields them, without copying the pattern.
  global.lastIndex = 0;
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    if (!deniedOrAdvice(text, match)) return true;
    // After an empty match, move on by one code point, as `matchAll` does under the `u` flag.
    if (match[0].length === 0)
      global.lastIndex = match.index + (text.codePointAt(match.index)! > 0xffff ? 2 : 1);
  }
  return false;
}

/**
 * What in one sentence reads as an instruction planted for the assistant: addressed to it, telling
 * it how to answer, trying to replace its rules, or asking customers for secrets. Each rule and
 * language at most once; empty for policy prose, including prose that tells the customer what to do.
 */
export function plantedInstructionsIn(sentence: string): PlantedInstructionMatch[] {
  const text = detectionText(sentence);
  if (!text) return [];
  const found = new Map<string, PlantedInstructionMatch>();
  const present = LITERALS.groupsIn(text);
  for (let i = 0; i < RULES.length; i++) {
    if (present[i] === 0 && RULE_LITERALS[i] !== null) continue;
    const rule = RULES[i]!;
    const key = `${rule.rule}|${rule.language}`;
    if (!found.has(key) && matches(rule, text))
      found.set(key, { rule: rule.rule, language: rule.language });
  }
  return [...found.values()];
}
