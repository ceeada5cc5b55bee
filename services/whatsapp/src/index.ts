export * from './pure.js';
export { WhatsAppModule, type WhatsAppModuleOptions } from './whatsapp.module.js';
export { WHATSAPP_CHANNEL, type WhatsAppChannel } from './whatsapp-channel.js';
export { type Contact, ContactStore, type OfferedOptions } from './contacts/contact-store.js';
export { CustomerPhones, DEMO_CUSTOMER_PHONES, phoneDigits } from './contacts/customer-phones.js';
