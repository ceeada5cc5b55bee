export {
  type CandidateFloors,
  currentFloors,
  floorRange,
  type GateOutcome,
  type SweepRow,
  type SweepTarget,
  sweepWhatIf,
  whatIf,
  type WhatIfResult,
} from './what-if/what-if.js';
export { formatSweepTable, formatTable, type PlotOptions, plotSweep } from './what-if/plot.js';
export {
  type EvalGateRow,
  gatePrecisionRecall,
  type GatePrecisionRecallRow,
  type LabelledQuestion,
  parseJsonl,
} from './what-if/gate-precision-recall.js';
export { readGateOutcomes } from './what-if/read-gate-outcomes.js';
