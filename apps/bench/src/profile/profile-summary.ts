/** The parts of a `.cpuprofile` (V8 CPU profile) that a self-time summary reads. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
    };
    readonly children?: readonly number[];
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileRow {
  /** `function (file:line)`, the file relative to node_modules or the repository. */
  readonly frame: string;
  readonly selfMs: number;
  readonly selfShare: number;
}

/**
 * Self time by function (summed over every call site), the largest first, and self time by
 * package (`(program)`, `(garbage collector)`, `@langchain/...`, `class-validator`, our own files).
 */
export function summariseProfile(profile: CpuProfile, top = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const totalUs = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const byFrame = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    const file = shortFile(frame.url);
    const name = `${frame.functionName || '(anonymous)'}${file ? ` (${file}:${frame.lineNumber + 1})` : ''}`;
    byFrame.set(name, (byFrame.get(name) ?? 0) + us);
    const pkg = packageOf(frame.url, frame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const rows = (map: Map<string, number>, n: number): ProfileRow[] =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([frame, us]) => ({
        frame,
        selfMs: Math.round(us / 100) / 10,
        selfShare: Math.round((us / totalUs) * 1000) / 1000,
      }));
  return {
    totalMs: Math.round(totalUs / 1000),
    byFunction: rows(byFrame, top),
    byPackage: rows(byPackage, top),
  };
}

function shortFile(url: string): string {
  if (!url) return '';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const ours = /\/(libs|services|apps)\/.*$/.exec(url);
  return ours ? ours[0].slice(1) : url.replace(/^file:\/\//, '');
}

/** The npm package (scoped or not), `ours:<lib or service>`, `node:` internals, or a V8 pseudo-frame. */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const ours = /\/(libs|services|apps)\/([^/]+)\//.exec(url);
  if (ours) return `ours:${ours[1]}/${ours[2]}`;
  return url.startsWith('node:') ? 'node:internals' : url;
}
