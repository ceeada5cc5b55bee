import { type ServiceProcess, startServiceProcess } from '@support/testing';

/**
 * Starts services in parallel (migrations take a database lock, the stream already exists), and
 * registers their stop. A child that dies later is named, with its output, by {@link deadChildren}.
 */
export async function startServiceProcesses(
  names: readonly string[],
  env: Record<string, string>,
  defer: (step: () => unknown) => void,
): Promise<Map<string, ServiceProcess>> {
  const started = await Promise.allSettled(names.map((name) => startServiceProcess(name, env)));
  const children = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  defer(() => Promise.all(children.map((child) => child.stop())));
  const failed = started.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (failed.length > 0) throw new Error(failed.map((e) => e.message).join('\n'));
  return new Map(children.map((child) => [child.name, child]));
}

/** The output of children that exited while they should have been running, for error messages. */
export function deadChildren(children: Iterable<ServiceProcess>): string {
  return [...children]
    .filter((child) => child.exited())
    .map((child) => `--- ${child.name} exited ---\n${child.output()}`)
    .join('\n');
}
