export * from './classifier.module.js';
export * from './classifier-env.js';
