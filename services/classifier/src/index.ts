export * from './classifier.module.js';
export * from './classifier-env.js';
export * from './classification/topic-classifier.js';
export { RulesClassifier, type RulesClassifierOptions } from './classification/rules-classifier.js';
export { LlmClassifier, CLASSIFIER_SYSTEM_PROMPT } from './classification/llm-classifier.js';
export {
  ClassifyEscalation,
  type ClassifyEscalationInput,
} from './classification/classify-escalation.js';
