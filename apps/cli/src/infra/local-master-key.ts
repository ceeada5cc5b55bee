import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASTER_KEY_BYTES } from '@support/privacy';

const MASTER_KEY_FILE = 'privacy/master-key';

/**
 * The master key of a local `npm start` when PERSONAL_DATA_MASTER_KEY is unset: generated once into
 * the data folder (0600, like the NATS passwords) and put in the environment, so the services it
 * hosts and the commands run against it (forget, export) wrap and unwrap with the same key.
 * `create: false` (a command, not `start`) only reads one that is there.
 */
export function useLocalMasterKey(
  dataDir: string,
  options: { create: boolean },
  env: Record<string, string | undefined> = process.env,
): void {
  if (env.PERSONAL_DATA_MASTER_KEY) return;
  const path = join(dataDir, MASTER_KEY_FILE);
  if (!existsSync(path)) {
    if (!options.create) return;
    mkdirSync(join(dataDir, 'privacy'), { recursive: true });
    writeFileSync(path, `${randomBytes(MASTER_KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
    chmodSync(path, 0o600);
  }
  env.PERSONAL_DATA_MASTER_KEY = readFileSync(path, 'utf8').trim();
}
