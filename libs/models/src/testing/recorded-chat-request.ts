import type { ToolSpec } from '@support/policy';
import type { ChatMessage } from '../chat/chat-model.js';
import { estimateRequestTokens } from '../chat/token-estimate.js';
import type { RecordedChatRequest } from './fake-openai-chat-server.js';
import { messageText } from './search-then-quote.js';

/** A request as the fake chat server received it, read back as the agent's messages and tools. */
export function chatRequestOf(request: RecordedChatRequest): {
  messages: ChatMessage[];
  tools: ToolSpec[];
} {
  const messages = request.messages.map((m): ChatMessage => {
    const content = messageText(m.content);
    if (m.role === 'tool') return { role: 'tool', toolCallId: String(m.tool_call_id), content };
    if (m.role === 'assistant') {
      const calls = (m.tool_calls ?? []) as {
        id: string;
        function: { name: string; arguments: string };
      }[];
      return {
        role: 'assistant',
        content,
        toolCalls: calls.map((c) => ({
          id: c.id,
          name: c.function.name,
          arguments: JSON.parse(c.function.arguments),
        })),
      };
    }
    return { role: m.role as 'user' | 'system', content };
  });
  const tools = (request.tools ?? []).map((t) => (t as { function: ToolSpec }).function);
  return { messages, tools };
}

/** What the model was sent, by the agent's own estimate (`estimateRequestTokens`). */
export function recordedRequestTokens(request: RecordedChatRequest): number {
  return estimateRequestTokens(chatRequestOf(request));
}
