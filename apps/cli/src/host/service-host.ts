import type { DynamicModule } from '@nestjs/common';
import type { BusOptions } from '@support/bus/pure';
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

type Bus = Partial<BusOptions> | undefined;

/**
 * Each service's root module with its production wiring (configuration from the environment), and
 * its own bus credentials when the host has them.
 */
export const SERVICE_MODULES: Record<ServiceName, (bus: Bus) => DynamicModule> = {
  gateway: (bus) => GatewayModule.register({ bus }),
  agent: (bus) => AgentModule.register({ bus }),
  retrieval: (bus) => RetrievalModule.register({ bus }),
  'reranker-proxy': (bus) => RerankerProxyModule.register({ bus }),
  escalation: (bus) => EscalationModule.register({ bus }),
  classifier: (bus) => ClassifierModule.register({ bus }),
  whatsapp: (bus) => WhatsAppModule.register({ bus }),
};

export interface ServiceHost {
  readonly services: readonly StartedService[];
  close(): Promise<void>;
}

/** Hosts several services in one process, each on its own port, closed in reverse order. */
export async function hostServices(
  names: readonly ServiceName[] = SERVICE_NAMES,
  options: {
    host?: string;
    ports?: Partial<Record<ServiceName, number>>;
    /** Each service's own NATS user (a bus with per-service users); else NATS_USER for all. */
    busPasswords?: Readonly<Record<ServiceName, string>> | null;
  } = {},
): Promise<ServiceHost> {
  const services: StartedService[] = [];
  const close = async () => {
    for (const service of services.splice(0).reverse()) await service.app.close();
  };
  const busOf = (name: ServiceName): Bus =>
    options.busPasswords
      ? { credentials: { user: name, password: options.busPasswords[name] } }
      : undefined;
  try {
    for (const name of names)
      services.push(
        await startService(name, SERVICE_MODULES[name](busOf(name)), {
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
