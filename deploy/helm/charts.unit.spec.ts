/**
 * The charts deploy/helm/helmfile.yaml installs, checked without Helm (not installable where the
 * tests run): versions pinned, every values key one the pinned chart publishes
 * (chart-values-keys.json, copied from each chart's values.yaml at that version), images pinned,
 * and the NATS users exactly what the code generates from BUS_ACCESS. What the services read
 * from these parts (Service names, Secrets) is checked in deploy/k8s/manifests.unit.spec.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUS_USERS, natsHelmValues, passwordEnvVar, quotedPasswordEnvVar } from '@support/bus/pure';
import { qdrantClientVersion, qdrantImageMatchesClient } from '../production-settings.js';
import {
  at,
  HELM_DIR,
  helmfile,
  type Json,
  publishedKeys,
  release,
  unknownKeys,
  valuesOf,
} from './helm-values.js';

const EXACT_VERSION = /^\d+\.\d+\.\d+$/;

describe('deploy/helm/helmfile.yaml', () => {
  it('pins every chart to an exact version from a declared repository', () => {
    const repositories = new Set(helmfile.repositories.map((r) => r.name));
    expect(helmfile.releases.map((r) => r.name).sort()).toEqual(['cnpg', 'nats', 'qdrant']);
    for (const r of helmfile.releases) {
      expect({ release: r.name, version: r.version }).toEqual({
        release: r.name,
        version: expect.stringMatching(EXACT_VERSION),
      });
      expect(repositories.has(r.chart.split('/')[0]!)).toBe(true);
    }
  });

  it.each(['nats', 'qdrant'])('%s: every values key is one the pinned chart publishes', (name) => {
    const keys = publishedKeys[name]!;
    // The key list is copied from the chart at the pinned version: a new pin needs a new copy.
    expect(keys.chartVersion).toBe(release(name).version);
    expect(unknownKeys(valuesOf(name), keys)).toEqual([]);
  });

  it('the key check fails on a key the chart does not have', () => {
    expect(unknownKeys({ config: { clusterr: { enabled: true } } }, publishedKeys.nats!)).toEqual([
      'config.clusterr.enabled',
    ]);
  });
});

describe('NATS (chart nats)', () => {
  const values = valuesOf('nats');
  const version = release('nats').version;

  it('runs the chart’s own nats-server release, pinned', () => {
    // The chart's versions follow nats-server's: chart 2.14.2 ships nats-server 2.14.2.
    expect(at(values, 'container.image.tag')).toBe(`${version}-alpine`);
    expect(String(at(values, 'reloader.image.tag'))).toMatch(EXACT_VERSION);
  });

  it('is a 3-server JetStream cluster, file storage on a volume per server, fsync on every write', () => {
    expect(at(values, 'config.cluster.enabled')).toBe(true);
    expect(at(values, 'config.cluster.replicas')).toBe(3);
    expect(at(values, 'config.jetstream.enabled')).toBe(true);
    expect(at(values, 'config.jetstream.fileStore.enabled')).toBe(true);
    expect(at(values, 'config.jetstream.fileStore.pvc.enabled')).toBe(true);
    expect(at(values, 'config.jetstream.memoryStore.enabled') ?? false).toBe(false);
    expect(at(values, 'config.jetstream.merge.sync_interval')).toBe('always');
    expect(at(values, 'podDisruptionBudget.enabled')).toBe(true);
    // No nats-box: the CLI image is the operators' client, and nothing else may reach the bus.
    expect(at(values, 'natsBox.enabled')).toBe(false);
  });

  it('users.values.yaml is exactly what the code generates from BUS_ACCESS (npm run nats-values)', () => {
    const file = readFileSync(join(HELM_DIR, 'nats', 'users.values.yaml'), 'utf8');
    expect(file).toBe(natsHelmValues('SUPPORT'));
    expect(release('nats').values).toEqual(['nats/values.yaml', 'nats/users.values.yaml']);
  });

  it('each user’s password is a quoted string for nats-server, built from that user’s raw variable', () => {
    const env = at(values, 'container.env') as Json;
    const users = at(values, 'config.merge.authorization.users') as Json[];
    expect(users.map((u) => u.user)).toEqual([...BUS_USERS]);
    const names = Object.keys(env).sort(); // the chart renders env entries in key order
    for (const user of BUS_USERS) {
      const raw = passwordEnvVar(user);
      const quoted = quotedPasswordEnvVar(user);
      expect(users.find((u) => u.user === user)?.password).toBe(`<< $${quoted} >>`);
      expect(env[quoted]).toBe(`"$(${raw})"`);
      // Kubernetes expands $(VAR) only from variables listed before it.
      expect(names.indexOf(raw)).toBeLessThan(names.indexOf(quoted));
    }
    expect(at(values, 'config.merge.no_auth_user')).toBeUndefined();
  });
});

describe('Qdrant (chart qdrant)', () => {
  const values = valuesOf('qdrant');

  it('runs the client’s major.minor, pinned, unprivileged, with an API key from a Secret', () => {
    const image = `qdrant/qdrant:${String(at(values, 'image.tag'))}`;
    expect(at(values, 'image.tag')).toBe(`v${release('qdrant').version}`);
    expect(qdrantImageMatchesClient(image, qdrantClientVersion())).toBe(true);
    expect(at(values, 'image.useUnprivilegedImage')).toBe(true);
    expect(at(values, 'apiKey.valueFrom.secretKeyRef')).toEqual({
      name: 'qdrant-api-key',
      key: 'QDRANT_API_KEY',
    });
    expect(at(values, 'persistence.size')).toEqual(expect.any(String));
  });
});
