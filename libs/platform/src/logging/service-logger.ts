import type { LoggerService } from '@nestjs/common';
import { context as otelContext, isSpanContextValid, trace } from '@opentelemetry/api';
import { type DestinationStream, type Level, type Logger, pino } from 'pino';
import { LOG_LEVEL_NAMES, type LogFormat, type LogLevelName } from '../config/telemetry-env.js';
import type { RuntimeEnvironment } from '../config/runtime-env.js';
import { currentLogContext } from './log-context.js';
import { readNestLogCall } from './nest-log-args.js';
import { type LineSink, PrettyLogStream } from './pretty-log-stream.js';

/** Nest's level names and pino's: `log` is `info`, `verbose` is `trace`. */
const PINO_LEVEL: Record<LogLevelName, Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

export interface ServiceLoggerOptions {
  /** The levels written (LOG_LEVELS); unset = all. */
  readonly levels?: readonly LogLevelName[];
  readonly format: LogFormat;
  /** Where lines go; by default stdout, errors and fatals to stderr. */
  readonly destination?: DestinationStream;
}

/** LOG_FORMAT, or when unset: pretty for a developer at a terminal, JSON anywhere else. */
export function logFormatFor(
  configured: LogFormat | undefined,
  environment: RuntimeEnvironment,
  terminal = process.stdout.isTTY === true,
): LogFormat {
  return configured ?? (terminal && environment !== 'production' ? 'pretty' : 'json');
}

/**
 * Nest's logger as pino JSON, one object a line: `level`, `time`, `service`, `context`, `msg`, and
 * inside a handled event or a turn its `conversationId`, `turnId`, `correlationId`, `eventType`,
 * `traceId` and `spanId`. Nest keeps a single logger for the whole process (the last app started
 * sets it), so the service is the one of the async context at hand, `service` only when none says.
 */
export class ServiceLogger implements LoggerService {
  private readonly pino: Logger;
  private enabled: Set<LogLevelName>;

  constructor(
    readonly service: string,
    options: ServiceLoggerOptions,
  ) {
    this.enabled = new Set(options.levels ?? LOG_LEVEL_NAMES);
    this.pino = pino(
      {
        level: this.lowestLevel(),
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        mixin: () => this.contextFields(),
      },
      options.destination ?? standardStreams(options.format),
    );
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('log', [message, ...params]);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', [message, ...params]);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', [message, ...params]);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', [message, ...params]);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('verbose', [message, ...params]);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', [message, ...params]);
  }

  setLogLevels(levels: LogLevelName[]): void {
    this.enabled = new Set(levels);
    this.pino.level = this.lowestLevel();
  }

  private write(level: LogLevelName, args: unknown[]): void {
    if (!this.enabled.has(level)) return;
    const call = readNestLogCall(args, level === 'error' || level === 'fatal');
    const fields: Record<string, unknown> = { ...call.fields };
    if (call.context) fields.context = call.context;
    if (call.stack) fields.stack = call.stack;
    if (call.more.length > 0) fields.details = call.more;
    let text: string | undefined;
    if (call.message instanceof Error) {
      fields.err = call.message;
      text = call.message.message;
    } else if (typeof call.message === 'string') text = call.message;
    else if (call.message !== undefined) fields.data = call.message;
    this.pino[PINO_LEVEL[level]](fields, text);
  }

  private contextFields(): Record<string, unknown> {
    const { service, conversationId, turnId, correlationId, eventType } = currentLogContext();
    const span = trace.getSpan(otelContext.active())?.spanContext();
    const traced = span && isSpanContextValid(span);
    return omitEmpty({
      service: service ?? this.service,
      conversationId,
      turnId,
      correlationId,
      eventType,
      traceId: traced ? span.traceId : undefined,
      spanId: traced ? span.spanId : undefined,
    });
  }

  private lowestLevel(): Level | 'silent' {
    const lowest = [...LOG_LEVEL_NAMES].reverse().find((level) => this.enabled.has(level));
    return lowest ? PINO_LEVEL[lowest] : 'silent';
  }
}

function omitEmpty(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
  );
}

/** Like Nest's console logger: errors and fatals on stderr, the rest on stdout. */
function standardStreams(format: LogFormat): DestinationStream {
  const to = (stream: NodeJS.WriteStream): LineSink =>
    format === 'pretty' ? new PrettyLogStream(stream, stream.isTTY === true) : stream;
  return pino.multistream(
    [
      { level: 'trace', stream: to(process.stdout) },
      { level: 'error', stream: to(process.stderr) },
    ],
    { dedupe: true },
  );
}
