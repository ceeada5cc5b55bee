import { describe, expect, it } from '@jest/globals';
import { whatsappConfigFromEnv } from './whatsapp-config.js';

const ALL = {
  WHATSAPP_ACCESS_TOKEN: 'EAAG',
  WHATSAPP_APP_SECRET: 'secret',
  WHATSAPP_VERIFY_TOKEN: 'verify',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
};

describe('WhatsApp configuration', () => {
  it('is off with none of the four credentials, on with all of them', () => {
    expect(whatsappConfigFromEnv({}).api).toBeNull();
    expect(whatsappConfigFromEnv(ALL).api).toMatchObject({
      phoneNumberId: '106540352242922',
      version: 'v24.0',
      baseUrl: 'https://graph.facebook.com/',
    });
  });

  it('names the credential missing from a partial set, and refuses malformed values', () => {
    const { WHATSAPP_VERIFY_TOKEN: _omitted, ...partial } = ALL;
    expect(() => whatsappConfigFromEnv(partial)).toThrow(
      /WHATSAPP_VERIFY_TOKEN is required with WHATSAPP_ACCESS_TOKEN/,
    );
    expect(() => whatsappConfigFromEnv({ ...ALL, WHATSAPP_PHONE_NUMBER_ID: '+1 555' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID must be digits/,
    );
    expect(() => whatsappConfigFromEnv({ ...ALL, WHATSAPP_GRAPH_VERSION: '24' })).toThrow(
      /WHATSAPP_GRAPH_VERSION must be a Graph API version/,
    );
    expect(() => whatsappConfigFromEnv({ ...ALL, WHATSAPP_TEMPLATE_LANGUAGES: 'english' })).toThrow(
      /WHATSAPP_TEMPLATE_LANGUAGES must list Meta language codes/,
    );
  });

  it("takes the template and its languages, and the web chat's message limits", () => {
    const config = whatsappConfigFromEnv({
      ...ALL,
      WHATSAPP_TEMPLATE_NAME: 'support_reply',
      WHATSAPP_TEMPLATE_LANGUAGES: 'ar, en_US',
      WS_RATE_BURST: '7',
    });
    expect(config.template).toEqual({ name: 'support_reply', languages: ['ar', 'en_US'] });
    expect(config.rate).toEqual({ burst: 7, perMinute: 20 });
    expect(whatsappConfigFromEnv({ NODE_ENV: 'production' }).demoCustomers).toBe(false);
    expect(whatsappConfigFromEnv({}).demoCustomers).toBe(true);
  });
});
