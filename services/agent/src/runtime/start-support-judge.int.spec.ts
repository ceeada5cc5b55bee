import { afterAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '@support/platform';
import { supportJudgeEnv } from '@support/models';
import { FakeTeiServer } from '@support/models/testing';
import { startSupportJudge } from './start-support-judge.js';

// The agent's start with a support judge configured, against a server speaking TEI over HTTP.

const servers: FakeTeiServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function startWith(server: FakeTeiServer | string | undefined) {
  const url = typeof server === 'string' || server === undefined ? server : server.url;
  const warnings: string[] = [];
  const config = loadConfig(supportJudgeEnv, url ? { SUPPORT_JUDGE_URL: url } : {});
  const judge = startSupportJudge(config, (message) => warnings.push(message));
  return { judge, warnings };
}

async function server(options: Parameters<typeof FakeTeiServer.start>[0]) {
  const started = await FakeTeiServer.start(options);
  servers.push(started);
  return started;
}

describe('startSupportJudge', () => {
  it('has no judge when SUPPORT_JUDGE_URL is unset', async () => {
    await expect((await startWith(undefined)).judge).resolves.toBeNull();
  });

  it('starts with a TEI classifier that has the entailment label', async () => {
    const nli = await server({ modelType: 'classifier' });
    nli.scriptEntailment('p', 'h', 0.92);
    const { judge, warnings } = await startWith(nli);
    expect(await (await judge)!.entailment([{ premise: 'p', hypothesis: 'h' }])).toEqual([0.92]);
    expect(warnings).toEqual([]);
  });

  it('refuses to start with a reranker behind SUPPORT_JUDGE_URL', async () => {
    const reranker = await server({ modelType: 'reranker' });
    await expect((await startWith(reranker)).judge).rejects.toThrow(
      /^SUPPORT_JUDGE_URL: .* a reranker model, not a classifier$/,
    );
  });

  it('starts, with a warning, when the judge does not answer yet', async () => {
    const down = await FakeTeiServer.start({ modelType: 'classifier' });
    await down.close();
    const { judge, warnings } = await startWith(down.url);
    await expect(judge).resolves.not.toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/^support judge not checked at start: /)]);
  });
});
