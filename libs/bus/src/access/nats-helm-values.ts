import type { BusUser } from './bus-access.js';
import { passwordEnvVar } from './nats-authorization.js';
import { BUS_USERS, type NatsPermissions, permissionsOf } from './nats-permissions.js';

/** The Secret holding `user`'s bus password (key NATS_PASSWORD), read by the server and that user. */
export function passwordSecretName(user: BusUser): string {
  return `nats-user-${user}`;
}

/**
 * The server's variable holding `user`'s password in double quotes. nats-server parses an
 * environment variable's value as config syntax, so an unquoted hex password such as `1234e5` would
 * become a number; quoted, it stays a string. Kubernetes builds it from the raw variable
 * (`"$(NATS_PASSWORD_X)"`), which must come first in the container's env: the chart lists env
 * entries by name, and NATS_PASSWORD_ sorts before NATS_QUOTED_.
 */
export function quotedPasswordEnvVar(user: BusUser): string {
  return passwordEnvVar(user).replace(/^NATS_PASSWORD_/, 'NATS_QUOTED_PASSWORD_');
}

const q = (value: string) => JSON.stringify(value);

function subjects(name: string, list: readonly string[], indent: string): string[] {
  if (list.length === 0) return [];
  return [`${indent}${name}:`, ...list.map((s) => `${indent}  - ${q(s)}`)];
}

function userEntry(user: BusUser, permissions: NatsPermissions): string[] {
  return [
    `        - user: ${q(user)}`,
    // The chart writes `<< … >>` unquoted into nats.conf: a variable reference.
    `          password: ${q(`<< $${quotedPasswordEnvVar(user)} >>`)}`,
    '          permissions:',
    '            publish:',
    ...subjects('allow', permissions.publish.allow, '              '),
    ...subjects('deny', permissions.publish.deny, '              '),
    '            subscribe:',
    ...subjects('allow', permissions.subscribe.allow, '              '),
  ];
}

function passwordEnv(user: BusUser): string[] {
  return [
    `    ${passwordEnvVar(user)}:`,
    '      valueFrom:',
    '        secretKeyRef:',
    `          name: ${passwordSecretName(user)}`,
    '          key: NATS_PASSWORD',
    `    ${quotedPasswordEnvVar(user)}: ${q(`"$(${passwordEnvVar(user)})"`)}`,
  ];
}

/**
 * Values for the official NATS Helm chart (deploy/helm/nats/users.values.yaml) carrying the bus
 * users for stream `stream`: one user per service with exactly the permissions of BUS_ACCESS and
 * the operators' user, each password from that user's own Secret. No anonymous user. The same
 * users as `natsAuthorization` (the nats.conf the tests' servers run).
 */
export function natsHelmValues(stream: string): string {
  return [
    '# Generated from BUS_ACCESS (libs/bus/src/access/bus-access.ts): do not edit. After changing',
    '# BUS_ACCESS run `npm run nats-values`; deploy/helm/charts.unit.spec.ts fails while this file',
    '# differs from what the code generates.',
    'config:',
    '  merge:',
    '    authorization:',
    '      users:',
    ...BUS_USERS.flatMap((user) => userEntry(user, permissionsOf(user, stream))),
    'container:',
    '  env:',
    ...BUS_USERS.flatMap(passwordEnv),
    '',
  ].join('\n');
}
