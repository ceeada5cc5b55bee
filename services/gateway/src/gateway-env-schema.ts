import { busEnv, databaseEnv, httpEnv } from '@support/platform';
import { gatewayEnv as gatewayOwnEnv } from './config/gateway-env.js';

/** Every environment variable the gateway reads. */
export const gatewayServiceEnv = { ...busEnv, ...databaseEnv, ...httpEnv, ...gatewayOwnEnv };
