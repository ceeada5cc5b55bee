export * from './what-if/what-if.js';
export * from './what-if/plot.js';
export * from './what-if/gate-precision-recall.js';
export * from './what-if/read-gate-outcomes.js';
