export {
  MASTER_KEY_BYTES,
  masterKeyId,
  masterKeyOf,
  personalDataEnv,
  privacyEnv,
} from './master-key.js';
export { ERASED_TEXT, type Opened, SealBroken, textOrErased } from './opened.js';
export { type ForgottenKeys, PersonalData, type PersonalDataOptions } from './personal-data.js';
export { type CustomerKeyStore, type StoredDataKey } from './keys/customer-key-store.js';
export {
  openCustomerMessage,
  type PlainCustomerMessage,
  sealCustomerMessage,
} from './customer-message.js';
export { openReply, type ReplyPersonalFields, sealReply } from './reply.js';
export { PostgresCustomerKeyStore } from './keys/postgres-customer-key-store.js';
export { CustomerDataKeys1765800000000 } from './migrations/1765800000000-customer-data-keys.js';
export {
  openEscalation,
  type PlainEscalationFields,
  sealEscalationFields,
} from './escalation-fields.js';
