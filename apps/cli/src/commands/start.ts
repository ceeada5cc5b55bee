import { resolve } from 'node:path';
import { ensureInfrastructure } from '../infra/ensure-infrastructure.js';
import { hostServices } from '../host/service-host.js';
import { existsSync } from 'node:fs';
import { ingestCommand } from './ingest.js';

const log = (line: string) => console.log(`[start] ${line}`);

/**
 * `start`: brings up NATS and PostgreSQL (the local servers, or ones it starts itself) and all six
 * services in this process, prints the chat URL, and stops everything on Ctrl-C.
 */
export async function startCommand(options: {
  dataDir: string;
  host: string;
  kbDir?: string;
}): Promise<void> {
  process.env.LOG_LEVELS ??= 'fatal,error,warn';
  const dataDir = resolve(options.dataDir);
  const infrastructure = await ensureInfrastructure(dataDir, log);
  log(
    `NATS ${infrastructure.natsStarted ? 'started' : 'found'} at ${infrastructure.natsUrl}; ` +
      `PostgreSQL at ${new URL(infrastructure.postgresUrl).host}`,
  );

  const host = await hostServices(undefined, { host: options.host });
  for (const service of host.services)
    log(`${service.name.padEnd(15)} ${service.url}  (health: ${service.url}/health/ready)`);
  // The demo answers from the shipped sample knowledge base; re-indexing it is idempotent.
  if (options.kbDir && existsSync(options.kbDir)) {
    const { chunks } = await ingestCommand({ dir: options.kbDir, timeoutMs: 60_000, quiet: true });
    log(`knowledge base ${options.kbDir} indexed (${chunks} chunks)`);
  }
  const gateway = host.services.find((s) => s.name === 'gateway')!;
  console.log(`\n  Chat: ${gateway.url}/\n\n  Press Ctrl-C to stop.\n`);

  await new Promise<void>((done) => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      log('stopping');
      await host.close();
      await infrastructure.stop();
      done();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
