import { ConfigError, loadConfig, runtimeEnv } from '@support/platform/pure';
import type { GraphApiOptions } from './graph/graph-whatsapp-api.js';
import type { ReplyTemplate } from './outbound/service-window.js';
import { whatsappOwnEnv } from './whatsapp-env.js';

/** The channel's settings once checked; `api` is null when the channel is off. */
export interface WhatsAppConfig {
  readonly api:
    (GraphApiOptions & { readonly appSecret: string; readonly verifyToken: string }) | null;
  readonly template: ReplyTemplate | null;
  readonly rate: { readonly burst: number; readonly perMinute: number };
  readonly demoCustomers: boolean;
}

export const WHATSAPP_CONFIG = Symbol('WHATSAPP_CONFIG');

const TOGETHER = [
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
] as const;

export function whatsappConfigFromEnv(env: Record<string, string | undefined>): WhatsAppConfig {
  const c = loadConfig(whatsappOwnEnv, env);
  const set = TOGETHER.filter((name) => c[name] !== undefined);
  if (set.length > 0 && set.length < TOGETHER.length) {
    const missing = TOGETHER.find((name) => c[name] === undefined)!;
    throw new ConfigError(
      missing,
      `is required with ${set.join(', ')} (the channel needs all four)`,
    );
  }
  const api =
    set.length === TOGETHER.length
      ? {
          baseUrl: c.WHATSAPP_GRAPH_URL,
          version: c.WHATSAPP_GRAPH_VERSION ?? 'v24.0',
          phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID!,
          accessToken: c.WHATSAPP_ACCESS_TOKEN!,
          timeoutMs: c.WHATSAPP_REQUEST_TIMEOUT_MS,
          appSecret: c.WHATSAPP_APP_SECRET!,
          verifyToken: c.WHATSAPP_VERIFY_TOKEN!,
        }
      : null;
  return {
    api,
    template: c.WHATSAPP_TEMPLATE_NAME
      ? { name: c.WHATSAPP_TEMPLATE_NAME, languages: c.WHATSAPP_TEMPLATE_LANGUAGES }
      : null,
    rate: { burst: c.WS_RATE_BURST, perMinute: c.WS_RATE_PER_MINUTE },
    demoCustomers:
      c.WHATSAPP_DEMO_CUSTOMERS ?? loadConfig(runtimeEnv, env).NODE_ENV !== 'production',
  };
}
