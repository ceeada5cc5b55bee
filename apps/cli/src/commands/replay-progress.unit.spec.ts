import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { formatDuration, replayPace, replayProgressBar } from './replay-progress.js';

describe('replay progress', () => {
  it('gives the rate since the start and the time left at that rate', () => {
    expect(replayPace({ processed: 30_000, total: 100_000, lastSequence: 30_000 }, 10_000)).toEqual(
      { eventsPerSecond: 3_000, etaSeconds: 24 },
    );
    expect(replayPace({ processed: 100, total: 100, lastSequence: 100 }, 50)).toEqual({
      eventsPerSecond: 2_000,
      etaSeconds: 0,
    });
    expect(replayPace({ processed: 0, total: 100, lastSequence: 0 }, 0)).toEqual({
      eventsPerSecond: 0,
      etaSeconds: null,
    });
  });

  it('writes durations the way a person reads them', () => {
    expect([null, 0, 42, 185, 7_620, 2 * 86_400 + 4 * 3_600 + 59].map(formatDuration)).toEqual([
      '--',
      '0s',
      '42s',
      '3m05s',
      '2h07m',
      '2d04h',
    ]);
  });

  it('draws nothing when stderr is not a terminal', () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream;
    let written = '';
    (stream as unknown as PassThrough).on('data', (chunk: Buffer) => (written += String(chunk)));
    const bar = replayProgressBar(stream);
    bar.update({ processed: 10, total: 20, lastSequence: 10 });
    bar.stop();
    expect(written).toBe('');
  });

  it('shows events read, events/s and the time left at a terminal', () => {
    let written = '';
    const stream = Object.assign(new PassThrough(), {
      isTTY: true,
      columns: 200,
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true,
    }) as unknown as NodeJS.WriteStream;
    (stream as unknown as PassThrough).on('data', (chunk: Buffer) => (written += String(chunk)));
    let now = 0;
    const bar = replayProgressBar(stream, () => now);
    now = 4_000;
    bar.update({ processed: 10_000, total: 50_000, lastSequence: 10_000 });
    bar.stop();
    expect(written).toContain('10000/50000 events | 2,500 events/s | ETA 16s');
  });
});
