import { natsAuthorization } from './nats-authorization.js';

// Prints the nats.conf `authorization` block for a stream (default SUPPORT), with each password
// read from the server's environment: paste it into deploy/k8s/nats.yaml after changing BUS_ACCESS.
process.stdout.write(natsAuthorization(process.argv[2] ?? 'SUPPORT'));
