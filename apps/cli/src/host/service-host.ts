import type { DynamicModule } from '@nestjs/common';
import { AgentModule } from '@support/agent';
import { ClassifierModule } from '@support/classifier';
import { EscalationModule } from '@support/escalation';
import { GatewayModule } from '@support/gateway';
import {
  SERVICE_NAMES,
  type ServiceName,
  type StartedService,
  startService,
} from '@support/platform';
import { RerankerProxyModule } from '@support/reranker-proxy';
import { RetrievalModule } from '@support/retrieval';
import { WhatsAppModule } from '@support/whatsapp';

/** Each service's root module with its production wiring (configuration from the environment). */
export const SERVICE_MODULES: Record<ServiceName, () => DynamicModule> = {
  gateway: () => GatewayModule.register(),
  agent: () => AgentModule.register(),
  retrieval: () => RetrievalModule.register(),
  'reranker-proxy': () => RerankerProxyModule.register(),
  escalation: () => EscalationModule.register(),
  classifier: () => ClassifierModule.register(),
  whatsapp: () => WhatsAppModule.register(),
};

export interface ServiceHost {
  readonly services: readonly StartedService[];
  close(): Promise<void>;
}

/** Hosts several services in one process, each on its own port, closed in reverse order. */
export async function hostServices(
  names: readonly ServiceName[] = SERVICE_NAMES,
  options: { host?: string; ports?: Partial<Record<ServiceName, number>> } = {},
): Promise<ServiceHost> {
  const services: StartedService[] = [];
  const close = async () => {
    for (const service of services.splice(0).reverse()) await service.app.close();
  };
  try {
    for (const name of names)
      services.push(
        await startService(name, SERVICE_MODULES[name](), {
          port: options.ports?.[name],
          host: options.host,
          shutdownHooks: false,
          // The command that hosts them prints a failed start in one line (a bad variable named).
          bootErrorsThrownOnly: true,
        }),
      );
  } catch (error) {
    await close();
    throw error;
  }
  return { services, close };
}
