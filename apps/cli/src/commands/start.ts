import { resolve } from 'node:path';
import { ensureInfrastructure } from '../infra/ensure-infrastructure.js';
import { hostServices } from '../host/service-host.js';
import { existsSync } from 'node:fs';
import { withMessage } from '../infra/with-message.js';
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
  // The embedded default is a demo, and says so: a gateway started any other way has no demo mode.
  if (process.env.DEMO_TOKENS === undefined) {
    process.env.DEMO_TOKENS = 'true';
    log(
      'demo mode on (DEMO_TOKENS=true): the chat, admin and dashboard pages sign anyone in by name; ' +
        'set DEMO_TOKENS=false and AUTH_TOKEN_SECRET to run without it',
    );
  }
  const dataDir = resolve(options.dataDir);
  const infrastructure = await ensureInfrastructure(dataDir, log).catch((error: unknown) => {
    throw withMessage(error, 'starting NATS and PostgreSQL');
  });
  log(
    `NATS ${infrastructure.natsStarted ? 'started' : 'found'} at ${infrastructure.natsUrl}; ` +
      `PostgreSQL at ${new URL(infrastructure.postgresUrl).host}`,
  );

  const host = await hostAndIndex(options).catch(async (error: unknown) => {
    // What this run started (or adopted) must not outlive it.
    await infrastructure.stop().catch(() => undefined);
    throw withMessage(error, 'starting the services');
  });
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

/** All six services in this process, and the sample knowledge base indexed; closed if that fails. */
async function hostAndIndex(options: { host: string; kbDir?: string }) {
  const host = await hostServices(undefined, { host: options.host });
  try {
    for (const service of host.services)
      log(`${service.name.padEnd(15)} ${service.url}  (health: ${service.url}/health/ready)`);
    // The demo answers from the shipped sample knowledge base; re-indexing it is idempotent.
    if (options.kbDir && existsSync(options.kbDir)) {
      const { chunks, quarantined } = await ingestCommand({
        dir: options.kbDir,
        timeoutMs: 60_000,
        quiet: true,
        keepGoingOnQuarantine: true,
      });
      log(`knowledge base ${options.kbDir} indexed (${chunks} chunks)`);
      if (quarantined > 0)
        log(`${quarantined} document(s) quarantined and not served: see the report above`);
    }
    return host;
  } catch (error) {
    await host.close().catch(() => undefined);
    throw error;
  }
}
