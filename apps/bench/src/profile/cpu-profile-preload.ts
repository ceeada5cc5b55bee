import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * Loaded into a service child with `NODE_OPTIONS=--import=<this file>` (Node 20 refuses
 * `--cpu-prof` in NODE_OPTIONS, and a child stopped by SIGTERM would not write it anyway). The first
 * SIGWINCH starts the V8 CPU profiler, the second writes `<pid>.cpuprofile` (the `--cpu-prof`
 * format) to CPU_PROFILE_DIR: the bench profiles the measured turns only, not start-up or warm-up.
 * SIGWINCH, not SIGUSR2: Nest's shutdown hooks close the service on SIGUSR2, and a process without
 * this file ignores SIGWINCH.
 */
const directory = process.env.CPU_PROFILE_DIR;
if (directory) {
  const session = new Session();
  session.connect();
  let profiling = false;
  process.on('SIGWINCH', () => {
    void (async () => {
      if (!profiling) {
        profiling = true;
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 200 });
        await session.post('Profiler.start');
        return;
      }
      profiling = false;
      const { profile } = await session.post('Profiler.stop');
      // Renamed into place: whoever waits for the file never reads half of it.
      const file = join(directory, `${process.pid}.cpuprofile`);
      writeFileSync(`${file}.partial`, JSON.stringify(profile));
      renameSync(`${file}.partial`, file);
    })();
  });
}
