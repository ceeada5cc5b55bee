/**
 * Typed environment variables, validated once at start-up. A bad value stops the service with a
 * message naming the variable, never a half-configured process.
 */
export class ConfigError extends Error {
  readonly code = 'config_invalid';
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Configuration variable ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

export interface EnvVar<T> {
  readonly parse: (raw: string | undefined, name: string) => T;
  /** Documentation only: what the variable means; used in README / k8s cross-checks. */
  readonly description: string;
}

type Opts<T> = { default?: T; description?: string };

function required(name: string): never {
  throw new ConfigError(name, 'is required but not set');
}

export function str(opts: Opts<string> = {}): EnvVar<string> {
  return {
    description: opts.description ?? '',
    parse: (raw, name) => {
      if (raw === undefined || raw === '') return opts.default ?? required(name);
      return raw;
    },
  };
}

/** Unset (or empty) means undefined; a set value must satisfy the inner parser. */
export function optional<T>(inner: EnvVar<T>): EnvVar<T | undefined> {
  return {
    description: inner.description,
    parse: (raw, name) => (raw === undefined || raw === '' ? undefined : inner.parse(raw, name)),
  };
}

export function int(opts: Opts<number> & { min?: number; max?: number } = {}): EnvVar<number> {
  return {
    description: opts.description ?? '',
    parse: (raw, name) => {
      if (raw === undefined || raw === '') return opts.default ?? required(name);
      if (!/^-?\d+$/.test(raw.trim()))
        throw new ConfigError(name, `must be an integer, got "${raw}"`);
      const value = Number(raw);
      if (opts.min !== undefined && value < opts.min)
        throw new ConfigError(name, `must be >= ${opts.min}, got ${value}`);
      if (opts.max !== undefined && value > opts.max)
        throw new ConfigError(name, `must be <= ${opts.max}, got ${value}`);
      return value;
    },
  };
}

export function num(opts: Opts<number> & { min?: number; max?: number } = {}): EnvVar<number> {
  return {
    description: opts.description ?? '',
    parse: (raw, name) => {
      if (raw === undefined || raw === '') return opts.default ?? required(name);
      const value = Number(raw.trim());
      if (!/^-?\d+(\.\d+)?$/.test(raw.trim()) || !Number.isFinite(value))
        throw new ConfigError(name, `must be a number, got "${raw}"`);
      if (opts.min !== undefined && value < opts.min)
        throw new ConfigError(name, `must be >= ${opts.min}, got ${value}`);
      if (opts.max !== undefined && value > opts.max)
        throw new ConfigError(name, `must be <= ${opts.max}, got ${value}`);
      return value;
    },
  };
}

export function bool(opts: Opts<boolean> = {}): EnvVar<boolean> {
  return {
    description: opts.description ?? '',
    parse: (raw, name) => {
      if (raw === undefined || raw === '') return opts.default ?? required(name);
      const v = raw.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      throw new ConfigError(name, `must be a boolean (true/false), got "${raw}"`);
    },
  };
}

/** One of a fixed set of words, compared exactly: a near miss (`prod`) is an error, never a default. */
export function oneOf<const V extends string>(values: readonly V[], opts: Opts<V> = {}): EnvVar<V> {
  return {
    description: opts.description ?? '',
    parse: (raw, name) => {
      if (raw === undefined || raw === '') return opts.default ?? required(name);
      if (!(values as readonly string[]).includes(raw))
        throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${raw}"`);
      return raw as V;
    },
  };
}

export function url(
  opts: Opts<string> & {
    protocols: readonly string[];
    /** Several URLs separated by commas (a cluster's servers), each checked; kept as given. */
    list?: boolean;
  },
): EnvVar<string> {
  return {
    description: opts.description ?? '',
    parse: (raw, name) => {
      const value = raw === undefined || raw === '' ? (opts.default ?? required(name)) : raw;
      for (const one of opts.list ? value.split(',').map((part) => part.trim()) : [value]) {
        let parsed: URL;
        try {
          parsed = new URL(one);
        } catch {
          throw new ConfigError(
            name,
            `must be a URL${opts.list ? ' or URLs separated by commas' : ''}, got "${value}"`,
          );
        }
        const protocol = parsed.protocol.replace(/:$/, '');
        if (!opts.protocols.includes(protocol))
          throw new ConfigError(name, `must use ${opts.protocols.join(' or ')}, got "${protocol}"`);
      }
      return value;
    },
  };
}

const HOST_NAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Host names separated by commas ("sanaa.example, help.sanaa.example"); unset = none. `refuse`
 * says why a well-formed host may still not be named (e.g. a public suffix), or undefined.
 */
export function hostNames(
  description: string,
  refuse: (host: string) => string | undefined = () => undefined,
): EnvVar<readonly string[]> {
  return {
    description,
    parse: (raw, name) => {
      const hosts = (raw ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase().replace(/\.$/, ''))
        .filter((host) => host.length > 0);
      const bad = hosts.find((host) => !HOST_NAME.test(host));
      if (bad !== undefined)
        throw new ConfigError(name, `must be host names separated by commas, got "${bad}"`);
      for (const host of hosts) {
        const reason = refuse(host);
        if (reason !== undefined) throw new ConfigError(name, reason);
      }
      return hosts;
    },
  };
}

export type EnvSchema = Record<string, EnvVar<unknown>>;
export type ConfigOf<S extends EnvSchema> = { readonly [K in keyof S]: ReturnType<S[K]['parse']> };

export function loadConfig<S extends EnvSchema>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): ConfigOf<S> {
  const out: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(schema))
    out[name] = variable.parse(env[name], name);
  return Object.freeze(out) as ConfigOf<S>;
}
