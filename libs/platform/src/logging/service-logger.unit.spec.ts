import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/env-schema.js';
import { telemetryEnv } from '../config/telemetry-env.js';
import { withLogContext } from './log-context.js';
import { readNestLogCall } from './nest-log-args.js';
import { PrettyLogStream } from './pretty-log-stream.js';
import { logFormatFor, ServiceLogger } from './service-logger.js';

function capture(levels?: ('fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose')[]) {
  const lines: string[] = [];
  const logger = new ServiceLogger('agent', {
    format: 'json',
    ...(levels ? { levels } : {}),
    destination: { write: (line: string) => void lines.push(line) },
  });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, entries };
}

const STACK = 'Error: boom\n    at handler (/app/dist/x.js:1:2)';

describe('reading a Nest logger call', () => {
  it.each([
    ['log with a context', ['hi', 'ctx'], false, { message: 'hi', context: 'ctx' }],
    ['log without one', ['hi'], false, { message: 'hi' }],
    [
      'error of a Logger with a context',
      ['hi', undefined, 'ctx'],
      true,
      { message: 'hi', context: 'ctx' },
    ],
    [
      'error with a stack and a context',
      ['hi', STACK, 'ExceptionHandler'],
      true,
      { message: 'hi', stack: STACK, context: 'ExceptionHandler' },
    ],
    ['error with a stack only', ['hi', STACK], true, { message: 'hi', stack: STACK }],
    ['static error with a context', ['hi', 'ctx'], true, { message: 'hi', context: 'ctx' }],
    [
      'structured fields',
      ['hi', { orderId: 'A-1' }, 'ctx'],
      false,
      { message: 'hi', context: 'ctx', fields: { orderId: 'A-1' } },
    ],
  ])('%s', (_name, args, withStack, expected) => {
    expect(readNestLogCall(args, withStack)).toMatchObject({ more: [], fields: {}, ...expected });
  });
});

describe('ServiceLogger', () => {
  it('writes one JSON object a line: level, time, service, context, msg', () => {
    const { logger, lines, entries } = capture();
    logger.log('ready', 'agent');
    logger.verbose('details', 'agent');
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(
      true,
    );
    expect(entries()).toEqual([
      expect.objectContaining({ level: 'info', service: 'agent', context: 'agent', msg: 'ready' }),
      expect.objectContaining({ level: 'trace', msg: 'details' }),
    ]);
    expect(Date.parse(String(entries()[0]!.time))).not.toBeNaN();
  });

  it('writes exactly the LOG_LEVELS named, not everything above the least severe', () => {
    const { logger, entries } = capture(['error', 'log']);
    logger.warn('skipped');
    logger.log('kept');
    logger.debug('skipped');
    logger.error('kept too');
    expect(entries().map((e) => [e.level, e.msg])).toEqual([
      ['info', 'kept'],
      ['error', 'kept too'],
    ]);
  });

  it('adds the ids of the async context, and the service it names', () => {
    const { logger, entries } = capture();
    withLogContext({ service: 'retrieval', conversationId: 'conv-9', turnId: 'turn-3' }, () =>
      logger.warn('slow leg', 'legs'),
    );
    logger.warn('outside');
    expect(entries()[0]).toMatchObject({
      service: 'retrieval',
      conversationId: 'conv-9',
      turnId: 'turn-3',
    });
    expect(entries()[1]).toMatchObject({ service: 'agent' });
    expect(entries()[1]).not.toHaveProperty('conversationId');
  });

  it('serialises an error with its stack, and keeps a separate stack argument', () => {
    const { logger, entries } = capture();
    logger.error(new Error('kaput'));
    logger.error('boot failed', STACK, 'ExceptionHandler');
    expect(entries()[0]).toMatchObject({ msg: 'kaput', err: { type: 'Error', message: 'kaput' } });
    expect(String((entries()[0]!.err as { stack: string }).stack)).toContain('kaput');
    expect(entries()[1]).toMatchObject({
      msg: 'boot failed',
      stack: STACK,
      context: 'ExceptionHandler',
    });
  });
});

describe('pretty lines for a terminal', () => {
  it('turns a JSON line into time, level, service, context, message and ids', () => {
    const out: string[] = [];
    const pretty = new PrettyLogStream({ write: (text) => void out.push(text) }, false);
    pretty.write(
      JSON.stringify({
        level: 'warn',
        time: '2026-03-01T09:15:02.345Z',
        pid: 1,
        hostname: 'h',
        service: 'agent',
        conversationId: 'conv-1',
        traceId: 'abc',
        context: 'bus:agent',
        msg: 'retrying',
      }) + '\n',
    );
    expect(out).toEqual([
      '09:15:02.345 WARN  [agent] bus:agent: retrying  conversationId=conv-1 traceId=abc\n',
    ]);
  });
});

describe('LOG_FORMAT, LOG_LEVELS and tracing settings', () => {
  it('picks pretty only for a terminal outside production, unless LOG_FORMAT says', () => {
    expect(logFormatFor(undefined, 'development', true)).toBe('pretty');
    expect(logFormatFor(undefined, 'development', false)).toBe('json');
    expect(logFormatFor(undefined, 'production', true)).toBe('json');
    expect(logFormatFor('pretty', 'production', false)).toBe('pretty');
  });

  it('parses the variables, with defaults', () => {
    expect(loadConfig(telemetryEnv, {})).toEqual({
      LOG_LEVELS: undefined,
      LOG_FORMAT: undefined,
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      TRACE_SAMPLE_RATIO: 1,
    });
    expect(
      loadConfig(telemetryEnv, {
        LOG_LEVELS: 'fatal, error,warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
        TRACE_SAMPLE_RATIO: '0.25',
      }),
    ).toMatchObject({
      LOG_LEVELS: ['fatal', 'error', 'warn'],
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      TRACE_SAMPLE_RATIO: 0.25,
    });
  });

  it.each([
    [{ LOG_LEVELS: 'info' }, /LOG_LEVELS must be levels among/],
    [{ LOG_LEVELS: ',' }, /LOG_LEVELS must be levels among/],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' },
      /OTEL_EXPORTER_OTLP_ENDPOINT must use http or https/,
    ],
    [{ TRACE_SAMPLE_RATIO: '2' }, /TRACE_SAMPLE_RATIO must be <= 1/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(telemetryEnv, env)).toThrow(message);
  });
});
