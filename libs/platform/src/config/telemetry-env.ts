import { ConfigError, type EnvVar, num, oneOf, optional, url } from './env-schema.js';
import { runtimeEnv } from './runtime-env.js';

/** Nest's log levels, most severe first; LOG_LEVELS names a subset of them. */
export const LOG_LEVEL_NAMES = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevelName = (typeof LOG_LEVEL_NAMES)[number];

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Logs and traces: read by `startService` for every service. */
export const telemetryEnv = {
  LOG_LEVELS: optional(logLevelList()),
  LOG_FORMAT: optional(
    oneOf(LOG_FORMATS, {
      description:
        'json (one object a line) or pretty; unset = pretty on a terminal outside production',
    }),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(
    url({
      protocols: ['http', 'https'],
      description:
        'OTLP/HTTP collector base URL (spans go to <url>/v1/traces); unset = none exported',
    }),
  ),
  TRACE_SAMPLE_RATIO: num({
    default: 1,
    min: 0,
    max: 1,
    description: 'share of new traces recorded and exported (a turn keeps its root span decision)',
  }),
};

/** Everything `startService` validates before it boots any service. */
export const serviceStartEnv = { ...runtimeEnv, ...telemetryEnv };

/** `error,warn`: levels separated by commas; a word that is not a level is refused, not dropped. */
function logLevelList(): EnvVar<LogLevelName[]> {
  return {
    description: `comma-separated subset of ${LOG_LEVEL_NAMES.join(', ')}; unset = all`,
    parse: (raw, name) => {
      const words = (raw ?? '')
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean);
      const unknown = words.filter(
        (word) => !(LOG_LEVEL_NAMES as readonly string[]).includes(word),
      );
      if (words.length === 0 || unknown.length > 0)
        throw new ConfigError(
          name,
          `must be levels among ${LOG_LEVEL_NAMES.join(', ')}, got "${raw ?? ''}"`,
        );
      return words as LogLevelName[];
    },
  };
}
