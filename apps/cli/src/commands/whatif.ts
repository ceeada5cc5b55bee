import { readFileSync } from 'node:fs';
import {
  currentFloors,
  type EvalGateRow,
  floorRange,
  formatSweepTable,
  formatTable,
  gatePrecisionRecall,
  type LabelledQuestion,
  parseJsonl,
  plotSweep,
  readGateOutcomes,
  sweepWhatIf,
  type SweepTarget,
  whatIf,
} from '@support/analytics';
import { BusConnection, busOptionsFromEnv } from '@support/bus';

const pct = (n: number | null) => (n === null ? '-' : `${(n * 100).toFixed(1)}%`);

/**
 * `whatif [--from 0] [--to 1] [--step 0.05] [--kind both|reranker|lexical]
 * [--eval-rows F --questions F]`: from the gate scores recorded in the event log, the escalation
 * rate per score floor (table and plot) and the turns that flip at the current floor; with eval's
 * labelled rows, the gate's precision/recall per floor.
 */
export async function whatIfCommand(options: {
  from: number;
  to: number;
  step: number;
  kind?: SweepTarget;
  evalRows?: string;
  questions?: string;
}): Promise<void> {
  const floors = floorRange(options.from, options.to, options.step);
  const bus = await BusConnection.open(busOptionsFromEnv('whatif'));
  let turns;
  try {
    turns = await readGateOutcomes(bus);
  } finally {
    await bus.close();
  }

  const current = currentFloors(turns);
  const live = whatIf(turns, {});
  console.log(
    `${turns.length} turns in the log; live escalations ${live.liveEscalated} (${pct(live.liveEscalationRate)}); ` +
      `current floors: reranker ${current.reranker ?? '-'}, lexical ${current.lexical ?? '-'}\n`,
  );
  if (turns.length > 0) {
    const rows = sweepWhatIf(turns, options.from, options.to, options.step, options.kind ?? 'both');
    console.log(formatSweepTable(rows));
    const mark =
      options.kind === 'lexical' ? current.lexical : (current.reranker ?? current.lexical);
    console.log(plotSweep(rows, { mark }));

    const atCurrent = whatIf(turns, current);
    console.log(
      `at the current floors: ${atCurrent.escalated} escalations (${pct(atCurrent.escalationRate)}), ` +
        `${atCurrent.belowFloor} below the floor`,
    );
    console.log(
      `  newly escalated (${atCurrent.newlyEscalated.length}): ${atCurrent.newlyEscalated.join(', ') || 'none'}`,
    );
    console.log(
      `  would reach the model (${atCurrent.newlyAnswered.length}): ${atCurrent.newlyAnswered.join(', ') || 'none'}`,
    );
    console.log(
      '  (a turn admitted by a lower floor is assumed answered and validated: the log cannot tell what the model would have drafted)\n',
    );
  }

  if (options.evalRows || options.questions) {
    if (!options.evalRows || !options.questions)
      throw new Error(
        'precision/recall needs both --eval-rows FILE.jsonl and --questions FILE.jsonl',
      );
    const rows = parseJsonl<EvalGateRow>(readFileSync(options.evalRows, 'utf8'));
    const questions = parseJsonl<LabelledQuestion>(readFileSync(options.questions, 'utf8'));
    const pr = gatePrecisionRecall(rows, questions, floors);
    console.log('gate precision/recall of "answer" decisions (eval rows):');
    console.log(
      formatTable(
        ['floor', 'tp', 'fp', 'fn', 'tn', 'precision', 'recall'],
        pr.map((r) => [
          r.floor.toFixed(3),
          String(r.tp),
          String(r.fp),
          String(r.fn),
          String(r.tn),
          pct(r.precision),
          pct(r.recall),
        ]),
      ),
    );
  }
}
