import type { ReplayProgress } from '@support/persistence';
import cliProgress from 'cli-progress';

/** Rate since the start and the time left at that rate; null while nothing has been read. */
export function replayPace(
  progress: ReplayProgress,
  elapsedMs: number,
): { eventsPerSecond: number; etaSeconds: number | null } {
  const eventsPerSecond = elapsedMs > 0 ? progress.processed / (elapsedMs / 1000) : 0;
  const left = Math.max(progress.total - progress.processed, 0);
  return {
    eventsPerSecond,
    etaSeconds: eventsPerSecond > 0 ? Math.ceil(left / eventsPerSecond) : null,
  };
}

/** `42s`, `3m05s`, `2h07m`, `3d04h`; `--` when unknown. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '--';
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  if (s < 60) return `${s}s`;
  if (s < 3_600) return `${Math.floor(s / 60)}m${two(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3_600)}h${two(Math.floor((s % 3_600) / 60))}m`;
  return `${Math.floor(s / 86_400)}d${two(Math.floor((s % 86_400) / 3_600))}h`;
}

export interface ReplayProgressBar {
  update(progress: ReplayProgress): void;
  stop(): void;
}

/**
 * The replay's progress on stderr: events read of the stream's total, events/s and the time left.
 * Only for a person at a terminal: nothing when stderr is not a TTY (a pipe, a log file, CI).
 */
export function replayProgressBar(
  stream: NodeJS.WriteStream = process.stderr,
  now: () => number = Date.now,
): ReplayProgressBar {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    {
      format: 'replay [{bar}] {percentage}% | {value}/{total} events | {eps} events/s | ETA {left}',
      hideCursor: true,
      stream,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = now();
  bar.start(1, 0, { eps: 0, left: '--' });
  return {
    update: (progress) => {
      const pace = replayPace(progress, now() - started);
      bar.setTotal(Math.max(progress.total, 1));
      bar.update(progress.processed, {
        eps: Math.round(pace.eventsPerSecond).toLocaleString('en-US'),
        left: formatDuration(pace.etaSeconds),
      });
    },
    stop: () => bar.stop(),
  };
}
