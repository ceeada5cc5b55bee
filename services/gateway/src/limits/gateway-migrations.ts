import { GatewayLimits1764710000000 } from './migrations/1764710000000-gateway-limits.js';

/** The gateway's own tables; pass to `openDatabase` / `PersistenceModule.forRoot` as `migrations`. */
export const GATEWAY_MIGRATIONS = [GatewayLimits1764710000000];
