import type { BusUser } from './bus-access.js';
import { BUS_USERS, type NatsPermissions, permissionsOf } from './nats-permissions.js';

/**
 * A user's password in the server config: a literal, or a placeholder `{{VARIABLE}}` that the
 * server's pod fills in from its environment before nats-server reads the file (deploy/k8s's
 * render-nats-config.sh). Either way it stands in double quotes: nats-server parses a bare value,
 * and a `$VARIABLE` reference is parsed too, as a number when it looks like one (`openssl rand
 * -hex` can give `00112233…` or `…1234e5`), which then fails to start or never matches.
 */
export type PasswordSource = { readonly env: string } | { readonly literal: string };

/** The placeholder of `variable` in a config template (filled in, inside quotes, at pod start). */
export const passwordPlaceholder = (variable: string) => `{{${variable}}}`;

/** The server's variable holding `user`'s password (deploy/k8s: from that user's Secret). */
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
    `      password: ${quoted('env' in password ? passwordPlaceholder(password.env) : password.literal)}`,
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
 * without credentials is refused. deploy/k8s/nats.yaml holds this text (checked by its test);
 * print it with `node libs/bus/dist/access/print-nats-authorization.js [STREAM]`.
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
