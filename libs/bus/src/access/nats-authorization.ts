import type { BusUser } from './bus-access.js';
import { BUS_USERS, type NatsPermissions, permissionsOf } from './nats-permissions.js';

/** A user's password in the server config: an environment variable of the server, or a literal. */
export type PasswordSource = { readonly env: string } | { readonly literal: string };

/** The server's variable holding `user`'s password (in the cluster: from that user's Secret). */
export function passwordEnvVar(user: BusUser): string {
  return `NATS_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`;
}

const fromEnv = (user: BusUser): PasswordSource => ({ env: passwordEnvVar(user) });

const quoted = (value: string) => JSON.stringify(value);

function list(name: string, subjects: readonly string[], indent: string): string[] {
  if (subjects.length === 0) return [];
  return [`${indent}${name}: [`, ...subjects.map((s) => `${indent}  ${quoted(s)}`), `${indent}]`];
}

function userBlock(user: BusUser, password: PasswordSource, permissions: NatsPermissions) {
  return [
    '    {',
    `      user: ${quoted(user)}`,
    // An unquoted $NAME is resolved by nats-server from its environment.
    `      password: ${'env' in password ? `$${password.env}` : quoted(password.literal)}`,
    '      permissions: {',
    '        publish: {',
    ...list('allow', permissions.publish.allow, '          '),
    ...list('deny', permissions.publish.deny, '          '),
    '        }',
    '        subscribe: {',
    ...list('allow', permissions.subscribe.allow, '          '),
    '        }',
    '      }',
    '    }',
  ];
}

/**
 * The `authorization` block of nats.conf for stream `stream`: one user per service with exactly
 * the permissions of `BUS_ACCESS`, and the operators' user. No anonymous user: a connection
 * without credentials is refused. The tests' nats-servers run it; the cluster's servers get the
 * same users through the NATS chart's values (`natsHelmValues`).
 */
export function natsAuthorization(
  stream: string,
  password: (user: BusUser) => PasswordSource = fromEnv,
): string {
  const users = BUS_USERS.flatMap((user) =>
    userBlock(user, password(user), permissionsOf(user, stream)),
  );
  return ['authorization {', '  users: [', ...users, '  ]', '}', ''].join('\n');
}
