import type { AssistantMessage } from '@support/models';
import { afterModel, beforeModel, buildSystemPrompt, type ToolSpec } from '@support/policy';
import type { AgentPorts } from '../agent-ports.js';
import type { AgentStateValue } from '../agent-state.js';
import { assemblePrompt, type PromptBudget } from '../prompt-window.js';
import { follow } from './follow-route.js';

/** The `agent` node: one model call over the turn so far, if the turn still has one. */
export function modelNode(ports: AgentPorts, tools: readonly ToolSpec[], budget: PromptBudget) {
  return async (state: AgentStateValue) => {
    const before = beforeModel({ turnOver: state.humanReplied, modelCalls: state.modelCalls });
    if (before.next !== 'model') return follow(before);
    const prompt = assemblePrompt({
      systemPrompt: buildSystemPrompt({ language: state.language }),
      tools,
      memory: state.memory,
      history: state.history,
      current: state.messages,
      budget,
    });
    if (!prompt.fits)
      return follow(afterModel('prompt_over_budget'), {
        draft: `prompt over budget: ${prompt.tokens} > ${prompt.limit} tokens`,
      });
    try {
      const completion = await ports.chatModel.complete({ messages: prompt.messages, tools });
      const calls = completion.toolCalls.length > 0;
      const message: AssistantMessage = {
        role: 'assistant',
        content: completion.text,
        ...(calls ? { toolCalls: completion.toolCalls } : {}),
      };
      return follow(afterModel(calls ? 'tool_calls' : 'answer'), {
        messages: [message],
        draft: calls ? null : completion.text,
        modelCalls: state.modelCalls + 1,
      });
    } catch (error) {
      return follow(afterModel('failed'), { draft: `model error: ${(error as Error).message}` });
    }
  };
}
