import { afterEach, describe, expect, it } from '@jest/globals';
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { getContextVariable, setContextVariable } from '@langchain/core/context';
import { AsyncLocalStorageProviderSingleton as scopes } from '@langchain/core/singletons';
import {
  Annotation,
  Command,
  END,
  interrupt,
  MemorySaver,
  START,
  StateGraph,
} from '@langchain/langgraph';
import { RunTree } from 'langsmith';
import { useLeanRunnableScopes } from './lean-runnable-scope.js';

const State = Annotation.Root({
  asked: Annotation<string>,
  answer: Annotation<string>,
  scopeWasRunTree: Annotation<boolean>,
  threadSeen: Annotation<string>,
  tone: Annotation<string>,
});

/** A node that reads its scope, then waits for a human through a real interrupt. */
function pausingGraph() {
  return new StateGraph(State)
    .addNode('ask', (state) => {
      const config = scopes.getRunnableConfig();
      return {
        scopeWasRunTree: scopes.getInstance().getStore() instanceof RunTree,
        threadSeen: String(config?.configurable?.thread_id),
        tone: String(getContextVariable('tone')),
        answer: interrupt<string, string>(state.asked),
      };
    })
    .addEdge(START, 'ask')
    .addEdge('ask', END)
    .compile({ checkpointer: new MemorySaver() });
}

class Counting extends BaseCallbackHandler {
  name = 'counting';
  starts = 0;
  override handleChainStart() {
    this.starts += 1;
  }
}

describe('useLeanRunnableScopes', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('keeps what a node reads from its scope, and interrupt and resume work, with no RunTree', async () => {
    restore = useLeanRunnableScopes({});
    const graph = pausingGraph();
    const config = { configurable: { thread_id: 't-1' } };
    setContextVariable('tone', 'warm');
    await graph.invoke({ asked: 'refund?' }, config);
    const paused = await graph.getState(config);
    expect(paused.tasks[0]?.interrupts[0]?.value).toBe('refund?');
    const done = await graph.invoke(new Command({ resume: 'yes, refunded' }), config);
    expect(done).toMatchObject({
      answer: 'yes, refunded',
      scopeWasRunTree: false,
      threadSeen: 't-1',
      tone: 'warm',
    });
  });

  it("takes LangChain's own path when the config carries a handler", async () => {
    restore = useLeanRunnableScopes({});
    const handler = new Counting();
    const config = { configurable: { thread_id: 't-2' }, callbacks: [handler] };
    const graph = pausingGraph();
    await graph.invoke({ asked: 'where is my order?' }, config);
    const done = await graph.invoke(new Command({ resume: 'on its way' }), config);
    expect(handler.starts).toBeGreaterThan(0);
    expect(done).toMatchObject({ answer: 'on its way', scopeWasRunTree: true, threadSeen: 't-2' });
  });

  it('changes nothing when tracing is switched on, and puts the library back when asked', () => {
    const own = scopes.runWithConfig;
    useLeanRunnableScopes({ LANGSMITH_TRACING: 'true' })();
    expect(scopes.runWithConfig).toBe(own);
    restore = useLeanRunnableScopes({});
    expect(scopes.runWithConfig).not.toBe(own);
    restore();
    expect(scopes.runWithConfig).toBe(own);
  });
});
