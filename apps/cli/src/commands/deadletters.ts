import { formatTable } from '@support/analytics';
import {
  BusConnection,
  busOptionsFromEnv,
  type DeadLetterRow,
  EventPublisher,
  readDeadLetters,
  redriveDeadLetter,
  rowsToRedrive,
} from '@support/bus';

export type DeadLettersRequest =
  | { readonly action: 'list'; readonly json?: boolean }
  | { readonly action: 'redrive'; readonly all: true }
  | { readonly action: 'redrive'; readonly ids: readonly string[] };

export interface DeadLettersIo {
  readonly env?: Record<string, string | undefined>;
  readonly print?: (text: string) => void;
  readonly now?: () => Date;
}

const REASON_SHOWN = 80;

/**
 * `deadletters list [--json]`: every dead-lettered message in the log (consumer, subject, stream
 * sequence, cause, error code, reason) and whether it was re-driven.
 * `deadletters redrive ID... | --all`: delivers each to the consumer that dead-lettered it again;
 * one re-driven before is left alone.
 */
export async function deadLettersCommand(
  request: DeadLettersRequest,
  io: DeadLettersIo = {},
): Promise<void> {
  const print = io.print ?? ((text: string) => process.stdout.write(text));
  const bus = await BusConnection.open(busOptionsFromEnv('cli-deadletters', io.env));
  try {
    const rows = await readDeadLetters(bus);
    if (request.action === 'list') {
      print(request.json ? `${JSON.stringify(rows, null, 2)}\n` : listing(rows));
      return;
    }
    const publisher = new EventPublisher(bus);
    const chosen = rowsToRedrive(rows, 'all' in request ? { all: true } : { ids: request.ids });
    if (chosen.length === 0) print('nothing to re-drive\n');
    for (const row of chosen) {
      if (row.redriven) {
        print(`${row.id}: already re-driven at ${row.redriven.at}, left alone\n`);
        continue;
      }
      const { redriveSequence } = await redriveDeadLetter(
        bus,
        publisher,
        row,
        (io.now ?? (() => new Date()))(),
      );
      print(`${row.id}: re-driven to ${row.consumer} (stream sequence ${redriveSequence})\n`);
    }
  } finally {
    await bus.close();
  }
}

function listing(rows: readonly DeadLetterRow[]): string {
  if (rows.length === 0) return 'no dead letters\n';
  const waiting = rows.filter((row) => row.redriven === null).length;
  return (
    formatTable(
      ['id', 'recorded', 'consumer', 'subject', 'seq', 'cause', 'code', 're-driven', 'reason'],
      rows.map((row) => [
        row.id,
        row.recordedAt,
        row.consumer,
        row.subject,
        String(row.streamSequence),
        row.cause,
        row.errorCode,
        row.redriven ? `${row.redriven.at} (seq ${row.redriven.redriveSequence})` : 'no',
        oneLine(row.reason),
      ]),
    ) + `${rows.length} dead letters, ${waiting} not re-driven\n`
  );
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > REASON_SHOWN ? `${flat.slice(0, REASON_SHOWN - 1)}…` : flat;
}
