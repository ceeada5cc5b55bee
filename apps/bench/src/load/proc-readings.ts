import { readFileSync } from 'node:fs';

/** Resident set size of a process in bytes, from VmRSS in `/proc/<pid>/status`. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kib) * 1024;
}

/** The soft limit on open files of this process (children inherit it). */
export function openFilesSoftLimit(): number {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
  return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

/** How many local ports one client address can use towards one server port. */
export function ephemeralPortCount(): number {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return high! - low! + 1;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ: 100 on every Linux port in use). */
const USER_HZ = 100;

/** CPU time (user + system) a process has used so far, in ms, from `/proc/<pid>/stat`. */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime
  // are fields 14 and 15 of the whole line, so 12 and 13 after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / USER_HZ) * 1000;
}
