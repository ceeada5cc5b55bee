import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { eventually } from './eventually.js';

/** The built library (the build must be current), loaded by a process that then crashes. */
const BUILT = fileURLToPath(new URL('../dist/nats-server.js', import.meta.url));

const CRASHING_SCRIPT = `
const { startNatsServer } = await import(${JSON.stringify(BUILT)});
const nats = await startNatsServer();
console.log(JSON.stringify({ storeDir: nats.storeDir, port: nats.port }));
throw new Error('the bench crashed');
`;

describe('a test-owned nats-server', () => {
  it('is killed and its store removed when the process that started it crashes', async () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', CRASHING_SCRIPT], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('the bench crashed');
    const { storeDir } = JSON.parse(run.stdout.trim()) as { storeDir: string; port: number };
    expect(existsSync(storeDir)).toBe(false);
    // No nats-server of that store is left.
    await eventually(() => {
      const ps = spawnSync('pgrep', ['-f', storeDir], { encoding: 'utf8' });
      expect(ps.stdout.trim()).toBe('');
    }, 5_000);
  });
});
