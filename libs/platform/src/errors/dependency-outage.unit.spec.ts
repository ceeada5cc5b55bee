import { describe, expect, it } from '@jest/globals';
import { AppError, codeOf, policyOf, publicMessageOf } from './app-error.js';
import { isDependencyOutage } from './dependency-outage.js';

/** The shapes node-postgres, TypeORM, Node and undici give their errors. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('dependency outages', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an administrator shutdown (57P01)', withCode('terminating connection', '57P01')],
    ['a server still starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a dropped connection (pg, no code)', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'TypeORM wrapping a dropped connection',
      Object.assign(new Error('Connection terminated unexpectedly'), {
        name: 'QueryFailedError',
        driverError: new Error('Connection terminated unexpectedly'),
      }),
    ],
    [
      'an IPv6-then-IPv4 connect that failed twice',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect'),
    ],
    [
      'fetch to a model server that is down',
      new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    [
      'a model server behind a gateway answering 503',
      Object.assign(withCode('answered HTTP 503', 'model_unavailable'), { status: 503 }),
    ],
    ['an AppError that says so', new AppError('dependency_unavailable', 'postgres is down')],
  ])('%s is a dependency outage: waited for, not counted', (_what, error) => {
    expect(isDependencyOutage(error)).toBe(true);
    expect(codeOf(error)).toBe('dependency_unavailable');
    expect(policyOf(error).ack).toBe('wait');
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505'), 'internal'],
    ['a syntax error', withCode('syntax error at or near', '42601'), 'internal'],
    [
      'a plain bug',
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'internal',
    ],
    [
      'a model server answering 400',
      Object.assign(withCode('answered HTTP 400', 'model_unavailable'), { status: 400 }),
      'model_unavailable',
    ],
    [
      'a model server answering 500',
      Object.assign(withCode('answered HTTP 500', 'model_unavailable'), { status: 500 }),
      'model_unavailable',
    ],
    [
      'a contract violation',
      withCode('payload.text must be a string', 'validation_failed'),
      'validation_failed',
    ],
  ])('%s is not an outage: it counts toward dead-letter', (_what, error, code) => {
    expect(isDependencyOutage(error)).toBe(false);
    expect(codeOf(error)).toBe(code);
    expect(policyOf(error).ack).not.toBe('wait');
  });

  it('keeps the code an AppError was given, whatever it wraps', () => {
    const error = new AppError('not_found', 'no thread', {
      cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
    });
    expect(codeOf(error)).toBe('not_found');
  });

  it('sees through an `internal` AppError that wraps an outage (an engine adapter that is down)', () => {
    const unreachable = new AppError('internal', 'Qdrant at http://10.0.0.5:6333 is unreachable', {
      cause: new TypeError('fetch failed', {
        cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
      }),
    });
    expect(codeOf(unreachable)).toBe('dependency_unavailable');
    expect(publicMessageOf(unreachable)).not.toMatch(/10\.0\.0\.5/);
    expect(codeOf(new AppError('internal', 'a bug'))).toBe('internal');
  });

  it('treats an unacknowledged publish (bus_unavailable) as an outage too', () => {
    expect(policyOf(new AppError('bus_unavailable', 'no ack')).ack).toBe('wait');
  });

  it('survives an error that wraps itself', () => {
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(isDependencyOutage(loop)).toBe(false);
  });

  it('never shows a client the host and port of a dependency that is down', () => {
    const refused = withCode('connect ECONNREFUSED 10.0.0.7:5432', 'ECONNREFUSED');
    expect(publicMessageOf(refused)).not.toMatch(/10\.0\.0\.7|5432/);
    expect(publicMessageOf(new AppError('bus_unavailable', 'The event log did not ack'))).toBe(
      'The event log did not ack',
    );
    expect(publicMessageOf(new Error('secret detail'))).toBe('Something went wrong on our side');
  });
});
