import { describe, expect, it } from '@jest/globals';
import { CommanderError } from 'commander';
import { CliError, EXIT } from './exit-codes.js';
import { exitCodeOf } from './exit-status.js';
import { buildProgram, type CommandRunners } from './program.js';

/** Parses `argv` with runners that only record what they were called with. */
async function parse(argv: string[]) {
  const calls: { command: string; options: unknown }[] = [];
  const record =
    (command: string) =>
    async (options: unknown): Promise<void> => {
      calls.push({ command, options });
    };
  const runners = Object.fromEntries(
    [
      'start',
      'replay',
      'ingest',
      'ask',
      'eval',
      'evalTopics',
      'trace',
      'gaps',
      'whatif',
      'deadletters',
      'token',
      'doctor',
      'forget',
      'export',
    ].map((name) => [name, record(name)]),
  ) as unknown as CommandRunners;
  let output = '';
  const program = buildProgram(runners);
  const capture = {
    writeOut: (s: string) => (output += s),
    writeErr: (s: string) => (output += s),
  };
  program.configureOutput(capture);
  program.commands.forEach(function each(command): void {
    command.configureOutput(capture);
    command.commands.forEach(each);
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return { calls, output, exitCode: EXIT.ok as number };
  } catch (error) {
    return { calls, output, exitCode: exitCodeOf(error) as number, error };
  }
}

describe('cli argument parsing', () => {
  it('runs a command with its flags typed and its defaults filled in', async () => {
    const result = await parse(['ingest', 'kb', '--timeout-ms', '5000', '--namespace', 'n1']);
    expect(result.exitCode).toBe(EXIT.ok);
    expect(result.calls).toEqual([
      {
        command: 'ingest',
        options: {
          dataDir: '.data',
          dir: 'kb',
          namespace: 'n1',
          timeoutMs: 5000,
          quiet: undefined,
          hostServices: true,
        },
      },
    ]);
    const remote = await parse(['ingest', 'kb', '--no-host-services', '--quiet']);
    expect(remote.calls[0]!.options).toMatchObject({ hostServices: false, quiet: true });
    const whatif = await parse(['whatif', '--step', '0.1', '--kind', 'lexical']);
    expect(whatif.calls[0]!.options).toMatchObject({ from: 0, to: 1, step: 0.1, kind: 'lexical' });
  });

  it('keeps every command of the README: ask joins its words, replay --since is a time', async () => {
    expect((await parse(['ask', 'Can', 'I', 'return?'])).calls[0]!.options).toMatchObject({
      question: 'Can I return?',
      kbDir: 'kb',
    });
    const replay = await parse(['replay', '--since', '2026-05-01T00:00:00Z', '--schema', 's']);
    expect(replay.calls[0]!.options).toMatchObject({
      since: new Date('2026-05-01T00:00:00Z'),
      schema: 's',
      json: undefined,
    });
    expect((await parse(['replay', '--from-start', '--json'])).calls[0]!.options).toMatchObject({
      json: true,
    });
    expect((await parse(['deadletters', 'redrive', 'a', 'b'])).calls[0]!.options).toMatchObject({
      action: 'redrive',
      ids: ['a', 'b'],
    });
    expect((await parse(['gaps', '--json', '--days', '30'])).calls[0]!.options).toEqual({
      dataDir: '.data',
      json: true,
      days: 30,
    });
    expect((await parse(['token', '--role', 'admin', '--sub', 'huda'])).calls[0]!.options).toEqual({
      role: 'admin',
      sub: 'huda',
      ttl: '12h',
    });
  });

  it('answers --help for every command with exit 0 and runs nothing', async () => {
    for (const command of ['ingest', 'replay', 'eval', 'token', 'start', 'deadletters']) {
      const result = await parse([command, '--help']);
      expect(result.exitCode).toBe(EXIT.ok);
      expect(result.calls).toEqual([]);
      expect(result.output).toContain(`Usage: cli ${command}`);
    }
    expect((await parse(['--help'])).output).toContain('deadletters');
  });

  it('names what was wrong and exits 2 on usage errors', async () => {
    const cases: [string[], RegExp][] = [
      [['bogus'], /unknown command 'bogus'/],
      [['ingest', 'kb', '--bogus'], /unknown option '--bogus'/],
      [['ingest', 'kb', '--timeout-ms', 'abc'], /--timeout-ms.*'abc' is invalid.*whole number/],
      [['ingest', 'no-such-folder'], /there is no folder "no-such-folder"/],
      [['ingest'], /missing required argument 'dir'/],
      [['trace'], /missing required argument 'turn-id'/],
      [['gaps', '--days', '0'], /--days.*whole number above 0/],
      [['whatif', '--kind', 'x'], /Allowed choices are both, reranker, lexical/],
      [['whatif', '--step', 'NaN'], /--step.*a number from 0 to 1/],
      [['replay', '--since', 'yesterday'], /ISO 8601/],
      [
        ['replay', '--from-start', '--schema', 'rt"; CREATE TABLE public.rt_injected(x int); --'],
        /--schema.*is invalid.*lowercase letters, digits or underscores/,
      ],
      [['replay', '--from-start', '--schema', '../../etc'], /--schema.*is invalid/],
      [['replay', '--from-start', '--schema', 'pg_catalog'], /belong to PostgreSQL/],
      [['token', '--role', 'root', '--sub', 'a'], /Allowed choices are admin, analyst, customer/],
      [['token', '--role', 'admin'], /required option '--sub <name>' not specified/],
      [['forget', '--customer', '  '], /--customer.*a customer id of 1 to 128 characters/],
      [['eval', '--questions', 'missing.jsonl', '--rows', 'r'], /there is no file "missing.jsonl"/],
    ];
    for (const [argv, message] of cases) {
      const result = await parse(argv);
      expect({ argv, exitCode: result.exitCode }).toEqual({ argv, exitCode: EXIT.usage });
      expect(result.output).toMatch(message);
      expect(result.calls).toEqual([]);
    }
  });

  it('forgets the customer named, with the data folder to find the system in', async () => {
    expect((await parse(['forget', '--customer', 'cust-7', '--json'])).calls).toEqual([
      { command: 'forget', options: { dataDir: '.data', customerId: 'cust-7', json: true } },
    ]);
    expect((await parse(['export', '--customer', 'cust-7', '--out', 'x.json'])).calls).toEqual([
      { command: 'export', options: { dataDir: '.data', customerId: 'cust-7', out: 'x.json' } },
    ]);
    expect((await parse(['export'])).exitCode).toBe(EXIT.usage);
    expect((await parse(['forget', '--reapply'])).calls).toEqual([
      { command: 'forget', options: { dataDir: '.data', reapply: true } },
    ]);
  });

  it('refuses flag combinations a command cannot run with, before running anything', async () => {
    for (const argv of [
      ['replay'],
      ['replay', '--from-start', '--since', '2026-01-01T00:00:00Z'],
      ['deadletters', 'redrive'],
      ['deadletters', 'redrive', 'id1', '--all'],
      ['whatif', '--from', '0.8', '--to', '0.2'],
      ['forget'],
      ['forget', '--customer', 'c', '--reapply'],
    ]) {
      const result = await parse(argv);
      expect(result.error).toBeInstanceOf(CliError);
      expect({ argv, exitCode: result.exitCode }).toEqual({ argv, exitCode: EXIT.usage });
      expect(result.calls).toEqual([]);
    }
  });

  it('maps what a command throws to an exit status that says what happened', () => {
    expect(exitCodeOf(new CommanderError(0, 'commander.helpDisplayed', ''))).toBe(EXIT.ok);
    expect(exitCodeOf(new CommanderError(1, 'commander.unknownCommand', ''))).toBe(EXIT.usage);
    expect(exitCodeOf(new CliError('running', EXIT.alreadyRunning))).toBe(4);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(exitCodeOf(refused)).toBe(EXIT.unavailable);
    expect(exitCodeOf(new Error('2 document(s) quarantined'))).toBe(EXIT.failed);
  });
});
