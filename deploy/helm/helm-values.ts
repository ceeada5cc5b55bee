/**
 * The third-party charts as deploy/helm pins and configures them: the helmfile's releases, each
 * release's values (later files win, as with `helm -f a -f b`), and the keys each chart publishes
 * (chart-values-keys.json). Read by the manifest tests, which cannot run `helm template` here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const HELM_DIR = fileURLToPath(new URL('.', import.meta.url));

export type Json = Record<string, unknown>;

export interface Release {
  readonly name: string;
  readonly namespace: string;
  readonly chart: string;
  readonly version: string;
  readonly values: readonly string[];
}

export interface PublishedKeys {
  readonly chartVersion: string;
  readonly commit: string;
  readonly paths: readonly string[];
  readonly commentedPaths?: readonly string[];
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const readYaml = (file: string): unknown =>
  parse(readFileSync(join(HELM_DIR, file), 'utf8')) as unknown;

export const helmfile = readYaml('helmfile.yaml') as {
  repositories: { name: string; url: string }[];
  releases: Release[];
};

export const publishedKeys = JSON.parse(
  readFileSync(join(HELM_DIR, 'chart-values-keys.json'), 'utf8'),
) as Record<string, PublishedKeys>;

export function release(name: string): Release {
  const found = helmfile.releases.find((r) => r.name === name);
  if (!found) throw new Error(`deploy/helm/helmfile.yaml has no release ${name}`);
  return found;
}

/** Deep merge as Helm merges values files: maps merge, anything else is replaced. */
function merge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over))
    out[key] = isObject(value) && isObject(out[key]) ? merge(out[key], value) : value;
  return out;
}

/** A release's values, its files merged in order. */
export function valuesOf(name: string): Json {
  return (release(name).values ?? []).reduce<Json>(
    (all, file) => merge(all, (readYaml(file) as Json | null) ?? {}),
    {},
  );
}

/** Dotted key paths of a values tree, down to scalars, lists and empty maps. */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (!isObject(value) || Object.keys(value).length === 0) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keyPaths(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

/**
 * The paths of `values` the chart does not publish: a path is known when the chart publishes it,
 * or when one of its prefixes is an open map, list or unset value (marked `{}`), whose contents
 * are the chart's to accept (config.merge, container.env, resources).
 */
export function unknownKeys(values: Json, keys: PublishedKeys): string[] {
  const published = [...keys.paths, ...(keys.commentedPaths ?? [])];
  const exact = new Set(published.filter((p) => !p.endsWith('{}')));
  const open = published.filter((p) => p.endsWith('{}')).map((p) => p.slice(0, -2));
  return keyPaths(values).filter(
    (path) =>
      !exact.has(path) && !open.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
  );
}

/** `a.b.c` of a values tree. */
export function at(values: Json, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), values);
}
