import { personalDataEnv } from '@support/privacy';
import { busEnv, databaseEnv, httpEnv } from '@support/platform/pure';
import { gatewayOwnEnv } from './config/gateway-own-env.js';

/** Every environment variable the gateway reads. */
export const gatewayEnv = {
  ...busEnv,
  ...databaseEnv,
  ...personalDataEnv,
  ...httpEnv,
  ...gatewayOwnEnv,
};
