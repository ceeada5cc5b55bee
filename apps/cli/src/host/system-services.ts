import { resolve } from 'node:path';
import { SERVICE_PORTS, type ServiceName } from '@support/platform/pure';
import { ensureInfrastructure } from '../infra/ensure-infrastructure.js';
import { hostServices } from './service-host.js';

async function ready(name: ServiceName): Promise<boolean> {
  try {
    return (
      await fetch(`http://127.0.0.1:${SERVICE_PORTS[name]}/health/ready`, {
        signal: AbortSignal.timeout(1000),
      })
    ).ok;
  } catch {
    return false;
  }
}

/**
 * Makes sure the services a command needs answer on the bus: when they already run (`npm start`),
 * nothing happens; otherwise NATS and PostgreSQL are found or started and the services are hosted
 * in this process until `close`.
 */
export async function ensureServices(names: readonly ServiceName[]) {
  if ((await Promise.all(names.map(ready))).every(Boolean))
    return { hosted: false, close: async () => undefined };
  process.env.LOG_LEVELS ??= 'fatal,error';
  const log = (line: string) => console.error(`[host] ${line}`);
  const dataDir = resolve('.data');
  const infrastructure = await ensureInfrastructure(dataDir, log);
  // On their usual ports, so a nested command (ask → ingest) finds them instead of hosting twice.
  const host = await hostServices(names, {
    host: '127.0.0.1',
    busPasswords: infrastructure.busPasswords,
  });
  return {
    hosted: true,
    close: async () => {
      await host.close();
      await infrastructure.stop();
    },
  };
}
