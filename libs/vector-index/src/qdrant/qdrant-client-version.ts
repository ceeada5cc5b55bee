import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The installed @qdrant/js-client-rest version, e.g. `1.18.0`: the server's must match it. */
export function qdrantClientVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@qdrant/js-client-rest');
  const root = entry.slice(0, entry.lastIndexOf('/dist/'));
  return String(
    (JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { version: unknown }).version,
  );
}

/**
 * Whether a Qdrant server version works with this client: the same major, minors at most one
 * apart (the client's own compatibility rule, which it warns about at start).
 */
export function qdrantVersionCompatible(server: string, client: string = qdrantClientVersion()) {
  const [serverMajor, serverMinor] = server.replace(/^v/, '').split('.').map(Number);
  const [clientMajor, clientMinor] = client.split('.').map(Number);
  return serverMajor === clientMajor && Math.abs((serverMinor ?? NaN) - (clientMinor ?? NaN)) <= 1;
}
