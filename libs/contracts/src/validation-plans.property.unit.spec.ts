import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { EventEnvelopeDto } from './envelope.js';
import { exampleEvent } from './examples.js';
import { ALL_EVENTS } from './registry.js';
import { certainlyValid } from './validation-plans.js';
import { validatePlain } from './validation.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const CONTEXT = { prefix: '', eventType: null };
const classValidatorAccepts = (cls: new () => object, value: unknown) => {
  try {
    validatePlain(cls, value, CONTEXT);
    return true;
  } catch {
    return false;
  }
};

/** Every place in a JSON value: the paths of its objects' keys and arrays' items. */
function pathsOf(value: Json, at: Path = []): Path[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((item, i) => pathsOf(item, [...at, i]))];
  if (value !== null && typeof value === 'object')
    return [at, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  return [at];
}

type Mutation =
  { kind: 'set'; value: Json } | { kind: 'delete' } | { kind: 'add'; key: string; value: Json };

/** A copy of `root` with one change at `path` (a key set, removed or added). */
function mutate(root: Json, path: Path, mutation: Mutation): Json {
  const copy = structuredClone(root);
  if (path.length === 0) return mutation.kind === 'set' ? mutation.value : (copy as Json);
  const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as never)[key], copy);
  const last = path.at(-1)!;
  const container = parent as Record<string | number, Json>;
  if (mutation.kind === 'set') container[last] = mutation.value;
  else if (mutation.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete container[last];
  } else {
    const target = container[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target))
      (target as Record<string, Json>)[mutation.key] = mutation.value;
  }
  return copy;
}

const odd: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, '', ' ', 'x', 'x'.repeat(5_000), 0, -1, 1.5, 1e21, true, [], {}),
  fc.constantFrom<Json>('2026-13-40T99:00:00Z', 'en', 'ar', 'ok', 'not-a-uuid', [null], [{}]),
  fc.uuid() as fc.Arbitrary<Json>,
  fc.jsonValue() as fc.Arbitrary<Json>,
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), value: odd }),
  fc.constant({ kind: 'delete' as const }),
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.constantFrom('extra', 'constructor', '__proto__', 'toString', 'text'),
    value: odd,
  }),
);

const META = {
  id: '0f0e7c1e-7d43-4a0e-9a3c-0a8f5f1d2c31',
  occurredAt: '2026-12-02T10:00:00.000Z',
  conversationId: 'conv-1',
  turnId: 'turn-1',
  causationId: null,
  correlationId: '1f0e7c1e-7d43-4a0e-9a3c-0a8f5f1d2c31',
};
const EXAMPLES = ALL_EVENTS.map((definition) => ({
  definition,
  event: JSON.parse(JSON.stringify(exampleEvent(definition, META))) as Json,
}));

describe('certainlyValid', () => {
  it.each(EXAMPLES.map(({ definition, event }) => [definition.type, definition, event] as const))(
    'judges the %s example valid by itself, envelope and payload',
    (_type, definition, event) => {
      expect(certainlyValid(EventEnvelopeDto, event)).toBe(true);
      expect(certainlyValid(definition.payload, (event as { payload: Json }).payload)).toBe(true);
    },
  );

  it('never calls valid what class-validator refuses: one change anywhere in any event', () => {
    let judgedValid = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...EXAMPLES),
        fc.boolean(),
        fc.nat(),
        mutation,
        ({ definition, event }, wholeEvent, pick, change) => {
          const [cls, root] = wholeEvent
            ? [EventEnvelopeDto, event]
            : [definition.payload, (event as { payload: Json }).payload];
          const paths = pathsOf(root);
          const value = mutate(root, paths[pick % paths.length]!, change);
          if (certainlyValid(cls, value)) {
            judgedValid += 1;
            expect(classValidatorAccepts(cls, value)).toBe(true);
          } else if (!classValidatorAccepts(cls, value)) refused += 1;
        },
      ),
      { numRuns: 3_000 },
    );
    // Both sides were exercised: changes that keep an event valid, and changes that break it.
    expect(judgedValid).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('leaves to class-validator what it does not model: @ValidateNested without @Type', () => {
    class Inner {
      @IsString()
      name!: string;
    }
    class Untyped {
      @ValidateNested()
      inner!: Inner;
    }
    class Typed {
      @IsOptional()
      @Length(1, 3)
      code?: string;

      @ValidateNested()
      @Type(() => Inner)
      inner!: Inner;
    }
    expect(certainlyValid(Untyped, { inner: { name: 'a' } })).toBe(false);
    expect(classValidatorAccepts(Untyped, { inner: { name: 'a' } })).toBe(false);
    expect(certainlyValid(Typed, { inner: { name: 'a' } })).toBe(true);
    expect(certainlyValid(Typed, { inner: { name: 1 } })).toBe(false);
    expect(certainlyValid(Typed, { code: 'long', inner: { name: 'a' } })).toBe(false);
    expect(certainlyValid(Typed, { code: null, inner: { name: 'a' } })).toBe(true);
  });
});
