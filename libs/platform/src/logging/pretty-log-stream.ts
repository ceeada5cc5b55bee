/** Where a log line is written: a process stream, or a test's buffer. */
export interface LineSink {
  write(text: string): void;
}

const COLOURS: Record<string, string> = {
  fatal: '\u001b[1;31m',
  error: '\u001b[31m',
  warn: '\u001b[33m',
  info: '\u001b[32m',
  debug: '\u001b[35m',
  trace: '\u001b[36m',
};
const RESET = '\u001b[0m';

/** Fields the first part of a pretty line already shows, or that a reader at a terminal can do without. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'service',
  'context',
  'msg',
  'err',
  'stack',
]);

/**
 * Turns the logger's JSON lines into one readable line each for a developer at a terminal:
 * `12:04:31.207 WARN  [agent] bus:agent: message  conversationId=… traceId=…`, an error's stack
 * below it. In-process: no transport worker thread.
 */
export class PrettyLogStream {
  constructor(
    private readonly out: LineSink,
    private readonly colours: boolean,
  ) {}

  write(line: string): void {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      this.out.write(line);
      return;
    }
    this.out.write(`${this.format(entry)}\n`);
  }

  private format(entry: Record<string, unknown>): string {
    const level = String(entry.level ?? 'info');
    const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
    const label = level.toUpperCase().padEnd(5);
    const head = this.colours ? `${COLOURS[level] ?? ''}${label}${RESET}` : label;
    const context = entry.context ? `${String(entry.context)}: ` : '';
    const extra = Object.entries(entry)
      .filter(([key, value]) => !SHOWN.has(key) && value !== undefined && value !== null)
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' ');
    const stack = (entry.err as { stack?: string } | undefined)?.stack ?? entry.stack;
    return (
      `${time} ${head} [${String(entry.service ?? '-')}] ${context}${String(entry.msg ?? '')}` +
      (extra ? `  ${extra}` : '') +
      (typeof stack === 'string' ? `\n${stack}` : '')
    );
  }
}
