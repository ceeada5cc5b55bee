import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUS_USERS,
  type BusUser,
  natsAuthorization,
  type NatsCredentials,
  OPS_USER,
} from '@support/bus/pure';

/**
 * The bus users of a local `npm start`: the same users and permissions as production (generated
 * from BUS_ACCESS), each with a random password kept in the data folder, readable by its owner only.
 */
export type BusPasswords = Readonly<Record<BusUser, string>>;

const CREDENTIALS_FILE = 'credentials.json';
const CONFIG_FILE = 'nats.conf';

/** Written readable and writable by the owner only (0600), whatever the umask. */
function writePrivate(path: string, text: string): void {
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** The passwords in `natsDir`, generated (and kept) the first time; a new user gets one too. */
export function ensureBusPasswords(natsDir: string): BusPasswords {
  mkdirSync(natsDir, { recursive: true });
  const path = join(natsDir, CREDENTIALS_FILE);
  const kept = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Partial<Record<BusUser, string>>)
    : {};
  const passwords = Object.fromEntries(
    BUS_USERS.map((user) => [user, kept[user] ?? randomBytes(24).toString('hex')]),
  ) as Record<BusUser, string>;
  writePrivate(path, `${JSON.stringify(passwords, null, 2)}\n`);
  return passwords;
}

/** The operators' credentials of the `npm start` whose NATS folder is `natsDir`, if it made any. */
export function readOpsCredentials(natsDir: string): NatsCredentials | null {
  const path = join(natsDir, CREDENTIALS_FILE);
  if (!existsSync(path)) return null;
  const password = (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>)[OPS_USER];
  return password ? { user: OPS_USER, password } : null;
}

/**
 * nats.conf of the local server: 127.0.0.1 only, JetStream stored in `natsDir`, and the production
 * authorization block with these passwords (no anonymous user). Written 0600: it holds them.
 */
export function writeLocalNatsConfig(
  natsDir: string,
  options: { port: number; stream: string; passwords: BusPasswords },
): string {
  const text = [
    `listen: "127.0.0.1:${options.port}"`,
    `jetstream { store_dir: ${JSON.stringify(natsDir)} }`,
    natsAuthorization(options.stream, (user) => ({ literal: options.passwords[user] })),
  ].join('\n');
  const path = join(natsDir, CONFIG_FILE);
  writePrivate(path, text);
  return path;
}
