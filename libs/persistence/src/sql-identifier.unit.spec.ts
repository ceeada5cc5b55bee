import { describe, expect, it } from '@jest/globals';
import { checkedSchemaName, quoteIdentifier, schemaNameProblem } from './sql-identifier.js';

describe('schema names', () => {
  it.each(['public', 'replay_check', 'rt', '_shadow', 'x'.repeat(63), 'dashboard_2026'])(
    'accepts %s',
    (name) => {
      expect(schemaNameProblem(name)).toBeNull();
      expect(checkedSchemaName(name)).toBe(name);
    },
  );

  it.each([
    'rt"; CREATE TABLE public.rt_injected(x int); --',
    '../../etc',
    'Replay',
    '1st',
    '',
    'a b',
    'x'.repeat(64),
    'pg_catalog',
    'pg_toast',
    'information_schema',
    'rt\u0000',
    'rüt',
  ])('refuses %j before any SQL is built', (name) => {
    expect(schemaNameProblem(name)).not.toBeNull();
    expect(() => checkedSchemaName(name)).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });
});

describe('quoteIdentifier', () => {
  it('double-quotes a name and doubles the quotes inside it', () => {
    expect(quoteIdentifier('turns')).toBe('"turns"');
    expect(quoteIdentifier('rt"; DROP TABLE x; --')).toBe('"rt""; DROP TABLE x; --"');
  });
});
