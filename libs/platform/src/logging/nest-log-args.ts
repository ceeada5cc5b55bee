/** A Nest logger call's arguments, sorted the way Nest's own ConsoleLogger reads them. */
export interface NestLogCall {
  readonly message: unknown;
  /** Further messages (Nest prints each on a line of its own). */
  readonly more: readonly unknown[];
  readonly context?: string;
  readonly stack?: string;
  /** Plain objects among the arguments: structured fields of the line. */
  readonly fields: Record<string, unknown>;
}

const STACK = /\n[ \t]+at .+:\d+:\d+/;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * `new Logger('ctx').warn('text')` reaches the service logger as `warn('text', 'ctx')`, and
 * `.error('text')` as `error('text', undefined, 'ctx')`: the last string is the context, and for
 * `error`/`fatal` a string shaped like a stack trace (or the `undefined` in its place) is the stack.
 */
export function readNestLogCall(args: readonly unknown[], withStack: boolean): NestLogCall {
  let rest = [...args];
  let stack: string | undefined;
  let context: string | undefined;
  const isStack = (value: unknown) =>
    value === undefined || (typeof value === 'string' && STACK.test(value));
  if (withStack && rest.length === 2 && isStack(rest[1])) {
    stack = rest[1] as string | undefined;
    rest = rest.slice(0, 1);
  } else {
    if (withStack && rest.length > 2 && isStack(rest.at(-1)) && rest.at(-1) !== undefined)
      stack = rest.pop() as string;
    if (rest.length > 1 && typeof rest.at(-1) === 'string') context = rest.pop() as string;
    if (withStack && stack === undefined && rest.length > 1 && isStack(rest.at(-1)))
      stack = rest.pop() as string | undefined;
  }
  const [message, ...others] = rest;
  const fields: Record<string, unknown> = {};
  const more: unknown[] = [];
  for (const other of others)
    if (isPlainObject(other)) Object.assign(fields, other);
    else more.push(other);
  return { message, more, fields, ...(context ? { context } : {}), ...(stack ? { stack } : {}) };
}
