/**
 * What `npm ci --omit=dev --workspace <dir>` installs, read from package-lock.json alone: the
 * packages an image built by deploy/docker/Dockerfile carries, so a test can say what ships
 * without building the image.
 *
 * It follows npm's rules: a dependency resolves to the nearest `node_modules/<name>` walking up
 * from the package that needs it; a workspace link continues at the workspace folder; every edge
 * of a workspace is followed, its devDependencies included (npm does the same for the workspaces
 * it links), and a package the lockfile flags `dev` is left out, as --omit=dev does.
 */

interface LockEntry {
  readonly name?: string;
  readonly link?: boolean;
  readonly resolved?: string;
  readonly dev?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

export interface Lockfile {
  readonly packages: Record<string, LockEntry>;
}

const NODE_MODULES = 'node_modules/';

/** The lockfile key `name` resolves to when required from the package at `from`. */
function resolve(lock: Lockfile, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `${NODE_MODULES}${name}` : `${base}/${NODE_MODULES}${name}`;
    if (lock.packages[candidate]) return candidate;
    if (base === '') return undefined;
    const nested = base.lastIndexOf(`/${NODE_MODULES}`);
    base = nested >= 0 ? base.slice(0, nested) : '';
  }
}

/** The package name installed at a lockfile key (`node_modules/@scope/name` → `@scope/name`). */
export function packageName(lock: Lockfile, key: string): string {
  const nested = key.lastIndexOf(NODE_MODULES);
  return nested >= 0 ? key.slice(nested + NODE_MODULES.length) : (lock.packages[key]?.name ?? key);
}

/**
 * Lockfile keys of every package the production install of workspace `dir` (e.g. services/agent)
 * holds: installed folders and workspace folders alike.
 */
export function productionClosure(lock: Lockfile, dir: string): Set<string> {
  const seen = new Set<string>();
  const pending = [dir];
  while (pending.length > 0) {
    const key = pending.pop()!;
    const entry = lock.packages[key];
    if (!entry || seen.has(key) || entry.dev === true) continue;
    seen.add(key);
    if (entry.link && entry.resolved) {
      pending.push(entry.resolved);
      continue;
    }
    const isWorkspace = !key.includes(NODE_MODULES);
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}),
      ...(isWorkspace ? Object.keys(entry.devDependencies ?? {}) : []),
    ];
    for (const name of names) {
      const target = resolve(lock, key, name);
      if (target !== undefined) pending.push(target);
    }
  }
  return seen;
}
