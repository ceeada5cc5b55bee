import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { passwordEnvVar } from './nats-authorization.js';
import { natsHelmValues, passwordSecretName, quotedPasswordEnvVar } from './nats-helm-values.js';
import { BUS_USERS, permissionsOf } from './nats-permissions.js';

interface Values {
  config: { merge: { authorization: { users: Record<string, unknown>[] } } };
  container: { env: Record<string, unknown> };
}

describe('natsHelmValues', () => {
  const values = parse(natsHelmValues('SUPPORT')) as Values;
  const users = values.config.merge.authorization.users;

  it('carries every bus user with exactly the permissions BUS_ACCESS gives it, empty lists left out', () => {
    expect(users.map((u) => u.user)).toEqual([...BUS_USERS]);
    for (const user of BUS_USERS) {
      const { publish, subscribe } = permissionsOf(user, 'SUPPORT');
      const entry = users.find((u) => u.user === user)!;
      const nonEmpty = (lists: Record<string, readonly string[]>) =>
        Object.fromEntries(Object.entries(lists).filter(([, v]) => v.length > 0));
      expect(entry.permissions).toEqual({
        publish: nonEmpty({ allow: publish.allow, deny: publish.deny }),
        subscribe: nonEmpty({ allow: subscribe.allow }),
      });
    }
  });

  it("gives nats-server each password quoted, from the raw password of the user's own Secret", () => {
    for (const user of BUS_USERS) {
      expect(users.find((u) => u.user === user)!.password).toBe(
        `<< $${quotedPasswordEnvVar(user)} >>`,
      );
      expect(values.container.env[passwordEnvVar(user)]).toEqual({
        valueFrom: { secretKeyRef: { name: passwordSecretName(user), key: 'NATS_PASSWORD' } },
      });
      expect(values.container.env[quotedPasswordEnvVar(user)]).toBe(`"$(${passwordEnvVar(user)})"`);
    }
    expect(quotedPasswordEnvVar('reranker-proxy')).toBe('NATS_QUOTED_PASSWORD_RERANKER_PROXY');
  });
});
