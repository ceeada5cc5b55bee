/**
 * Sentences in a knowledge-base document that speak to the assistant instead of stating policy
 * ("ignore all previous instructions…", "تجاهل التعليمات السابقة…"). They are dropped at
 * ingestion: no model ever reads them and no extractive answer can quote them as policy.
 */
const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override)\b[^.!?\n]{0,40}\b(instructions?|rules|prompt|guidelines)\b/i,
  /\b(system prompt|you are now|act as|pretend to be|new instructions?)\b/i,
  /\btell the (customer|user)\b/i,
  /(تجاهل|انس|إلغاء|تخط)[^.!؟\n]{0,40}(التعليمات|الأوامر|القواعد|التوجيهات)/,
  /(أخبر|قل لل)(العميل|المستخدم)/,
];

const SENTENCE = /[^.!?؟\n]+[.!?؟]*\s*/g;

export function isInstructionToAssistant(sentence: string): boolean {
  return INSTRUCTION_PATTERNS.some((pattern) => pattern.test(sentence));
}

/** The paragraph without its instruction-like sentences, and how many were removed. */
export function withoutInstructions(paragraph: string): { text: string; removed: number } {
  const sentences = paragraph.match(SENTENCE) ?? [paragraph];
  const kept = sentences.filter((s) => !isInstructionToAssistant(s));
  return { text: kept.join('').trim(), removed: sentences.length - kept.length };
}
