import type { ServiceProcess } from '@support/testing';

/** The output of children that exited while they should have been running, for error messages. */
export function deadChildren(children: Iterable<ServiceProcess>): string {
  return [...children]
    .filter((child) => child.exited())
    .map((child) => `--- ${child.name} exited ---\n${child.output()}`)
    .join('\n');
}
