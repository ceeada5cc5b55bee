import { GatewayEscalationClaims1764912600000 } from '../admin/claims/migrations/1764912600000-gateway-escalation-claims.js';
import { GatewayLimits1764710000000 } from '@support/persistence';

/** The gateway's own tables; pass to `openDatabase` / `PersistenceModule.forRoot` as `migrations`. */
export const GATEWAY_MIGRATIONS = [
  GatewayLimits1764710000000,
  GatewayEscalationClaims1764912600000,
];
