/** Default HTTP port of each service (health, readiness and, for the gateway, the public API). */
export const SERVICE_PORTS = {
  gateway: 8080,
  agent: 8081,
  retrieval: 8082,
  'reranker-proxy': 8083,
  escalation: 8084,
  classifier: 8085,
  whatsapp: 8086,
} as const;

export type ServiceName = keyof typeof SERVICE_PORTS;
export const SERVICE_NAMES = Object.keys(SERVICE_PORTS) as ServiceName[];
