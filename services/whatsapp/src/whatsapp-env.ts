import { personalDataEnv } from '@support/privacy';
import { customerMessageRateEnv } from '@support/persistence/pure';
import {
  bool,
  busEnv,
  ConfigError,
  databaseEnv,
  type EnvVar,
  httpEnv,
  int,
  optional,
  str,
  url,
} from '@support/platform/pure';

/** A value that must match `pattern`, described by `what` when it does not. */
function matching(pattern: RegExp, what: string, description: string): EnvVar<string> {
  return {
    description,
    parse: (raw, name) => {
      if (raw === undefined || raw === '') throw new ConfigError(name, 'is required but not set');
      if (!pattern.test(raw.trim())) throw new ConfigError(name, `must be ${what}, got "${raw}"`);
      return raw.trim();
    },
  };
}

/** Comma-separated Meta language codes (`en`, `en_US`, `ar`). */
function languageCodes(opts: { default: string; description: string }): EnvVar<readonly string[]> {
  return {
    description: opts.description,
    parse: (raw, name) => {
      const codes = (raw === undefined || raw === '' ? opts.default : raw)
        .split(',')
        .map((code) => code.trim())
        .filter((code) => code !== '');
      const bad = codes.filter((code) => !/^[a-z]{2,3}(?:_[A-Z]{2})?$/.test(code));
      if (codes.length === 0 || bad.length > 0)
        throw new ConfigError(
          name,
          `must list Meta language codes like en,ar or en_US, got "${raw ?? ''}"`,
        );
      return codes;
    },
  };
}

/**
 * The WhatsApp Business Cloud API. The first four come together: without them the channel is off
 * (the service runs, answers its health checks, and takes no webhook).
 */
export const whatsappApiEnv = {
  WHATSAPP_ACCESS_TOKEN: optional(
    str({ description: "system user's access token for the Cloud API; unset = channel off" }),
  ),
  WHATSAPP_APP_SECRET: optional(
    str({ description: "the Meta app's secret: checks X-Hub-Signature-256 on every webhook" }),
  ),
  WHATSAPP_VERIFY_TOKEN: optional(
    str({ description: 'the verify token typed in the app dashboard (webhook handshake)' }),
  ),
  WHATSAPP_PHONE_NUMBER_ID: optional(
    matching(/^\d{1,32}$/, 'digits (the business phone number ID)', 'business phone number ID'),
  ),
  WHATSAPP_GRAPH_URL: url({
    default: 'https://graph.facebook.com/',
    protocols: ['http', 'https'],
    description: 'Graph API base URL (tests point it at a local fake)',
  }),
  WHATSAPP_GRAPH_VERSION: optional(
    matching(/^v\d+\.\d+$/, 'a Graph API version like v24.0', 'Graph API version (default v24.0)'),
  ),
  WHATSAPP_TEMPLATE_NAME: optional(
    str({
      description:
        'approved template with one body parameter, for admin replies after the 24-hour window; unset = such replies fail and the thread is told',
    }),
  ),
  WHATSAPP_TEMPLATE_LANGUAGES: languageCodes({
    default: 'en,ar',
    description:
      "languages the template is approved in; the reply's language picks one, else the first",
  }),
  WHATSAPP_REQUEST_TIMEOUT_MS: int({
    default: 10_000,
    min: 100,
    description: 'timeout of one Cloud API request',
  }),
  WHATSAPP_DEMO_CUSTOMERS: optional(
    bool({
      description:
        "link the demo customers' phone numbers (default: on unless NODE_ENV=production)",
    }),
  ),
};

export const whatsappOwnEnv = { ...customerMessageRateEnv, ...whatsappApiEnv };

/** Every environment variable the WhatsApp service reads. */
export const whatsappEnv = {
  ...busEnv,
  ...databaseEnv,
  ...personalDataEnv,
  ...httpEnv,
  ...whatsappOwnEnv,
};
