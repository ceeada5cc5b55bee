export * from './pure.js';
export * from './classifier.module.js';
