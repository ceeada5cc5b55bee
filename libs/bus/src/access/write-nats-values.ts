import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { natsHelmValues } from './nats-helm-values.js';

// Writes the NATS chart's users values (deploy/helm/nats/users.values.yaml) for a stream (default
// SUPPORT) from BUS_ACCESS: `npm run nats-values [-- STREAM]`.
const target = fileURLToPath(
  new URL('../../../../deploy/helm/nats/users.values.yaml', import.meta.url),
);
writeFileSync(target, natsHelmValues(process.argv[2] ?? 'SUPPORT'));
process.stdout.write(`wrote ${target}\n`);
