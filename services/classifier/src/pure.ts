// `@support/classifier/pure`: the service's parts that need no NestJS module nor bus connection
// (configuration and the classifiers), for the CLI and unit tests: loading the whole package costs
// a unit suite about a second. The index re-exports it.
export * from './classifier-env.js';
export * from './classification/topic-classifier.js';
export { RulesClassifier, type RulesClassifierOptions } from './classification/rules-classifier.js';
export { LlmClassifier, CLASSIFIER_SYSTEM_PROMPT } from './classification/llm-classifier.js';
export {
  ClassifyEscalation,
  type ClassifyEscalationInput,
} from './classification/classify-escalation.js';
