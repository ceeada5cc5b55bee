import type { ChatModel } from '@support/models';
import type { AgentMetrics } from './agent-metrics.js';

/** `model` with each call's latency recorded as the `model` stage. */
export function timedChatModel(model: ChatModel, metrics: AgentMetrics): ChatModel {
  return {
    id: model.id,
    ...(model.answersVerbatim ? { answersVerbatim: true } : {}),
    complete: (request) => metrics.timeStage('model', () => model.complete(request)),
  };
}
