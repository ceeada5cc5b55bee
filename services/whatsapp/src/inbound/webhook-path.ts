/** The path to give Meta's app dashboard as the callback URL. */
export const WEBHOOK_PATH = '/whatsapp/webhook';
