import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/** The built bench, as `npm run bench` runs it (the build must be current). */
const BENCH = fileURLToPath(new URL('../dist/main.js', import.meta.url));

const bench = (...args: string[]) => {
  const run = spawnSync(process.execPath, [BENCH, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

describe('npm run bench -- ...', () => {
  it('answers --help with every bench and option, exit 0, no stack trace', () => {
    const help = bench('--help');
    expect(help.status).toBe(0);
    expect(help.output).toMatch(/Usage: bench \[bench\] \[options\]/);
    expect(help.output).toContain('connections');
    expect(help.output).toContain('--turns-per-conversation <n>');
    expect(help.output).not.toMatch(/\n\s+at /);
  });

  it('refuses an unknown bench and bad numbers with what was wrong, exit 2', () => {
    const unknown = bench('bogus');
    expect(unknown.status).toBe(2);
    expect(unknown.output).toContain("value 'bogus' is invalid for argument 'bench'");
    expect(unknown.output).toContain('Allowed choices are all, bus, replay');
    const badNumber = bench('bus', '--events', 'abc');
    expect(badNumber.status).toBe(2);
    expect(badNumber.output).toContain("option '--events <n>' argument 'abc' is invalid");
    expect(bench('turns', '--concurrency', '1,x').status).toBe(2);
    expect(bench('bus', '--bogus').output).toContain("unknown option '--bogus'");
  });

  it('measures the turns of a long conversation that fit the prompt, by tokens and by bytes', () => {
    const run = bench('prompt', '--history-turns', '30');
    expect(run.status).toBe(0);
    const rows = run.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, number | string>);
    expect(rows.map((row) => row.language)).toEqual(['en', 'ar']);
    for (const row of rows) {
      expect(row.turns_fit_tokens).toBe(30);
      expect(Number(row.turns_fit_bytes)).toBeLessThan(15);
    }
  });

  it("measures the agent's graph in process with both kinds of scope, every turn answered", () => {
    const run = bench('graph', '--graph-turns', '20', '--turns-per-conversation', '4');
    expect(run.status).toBe(0);
    const rows = run.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((row) => `${row.round}:${row.scopes}`)).toEqual([
      '1:langchain',
      '1:lean',
      '2:langchain',
      '2:lean',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ bench: 'agent_graph', turns: 20, replies: { answer: 20 } });
      expect(row.cpu_ms_per_turn).toBeGreaterThan(0);
    }
  });
});
