import type { LocalisedText } from './localised-text.js';

/**
 * Asked when nothing in the chunks covers the question: no facts, so nothing to cite. The
 * extractive responder says it, the system prompt tells the chat model to, and the reply
 * validator (`libs/citations`, courtesy phrases) accepts it without a citation, word for word.
 */
export const REPHRASE_REQUEST: LocalisedText = {
  en: 'Could you rephrase your question, or tell me a little more about what you need?',
  ar: 'هل يمكنك إعادة صياغة سؤالك أو توضيح ما تحتاجه بتفصيل أكثر؟',
};
