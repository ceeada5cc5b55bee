import {
  type ChatRequest,
  JsonHttpClient,
  ModelUnavailable,
  OpenAiCompatibleChatModel,
  serverErrorText,
} from '@support/models';
import type { ToolSpec } from '@support/policy';
import * as check from './doctor-report.js';

export interface ChatModelSettings {
  readonly baseUrl: string;
  readonly model: string;
  readonly contextTokens: number;
  readonly timeoutMs: number;
}

const TOOL_FLAGS = '--enable-auto-tool-choice --tool-call-parser hermes';
const PING: ToolSpec = {
  name: 'doctor_ping',
  description: 'Answers the word it is given. Call it whenever you are asked to ping.',
  parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
};
/** A 32x32 red PNG: the smallest photo a customer could send. */
const RED_SQUARE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR42mM4IWdDU8QwasGoBaMWjFowasGoBaMWjFowasGoBaMWDBULAFhkiD35JN8FAAAAAElFTkSuQmCC';

/**
 * The chat model as the agent uses it (vLLM's OpenAI API): the model `LLM_MODEL` names is served
 * (`GET /v1/models`) with a `max_model_len` that holds `MODEL_CONTEXT_TOKENS`, a tool call
 * round-trips through the agent's own client (vLLM needs the tool parser for that), and a photo
 * is accepted (vLLM refuses images past `--limit-mm-per-prompt`).
 */
export async function checkChatModel(settings: ChatModelSettings): Promise<check.PartReport> {
  const findings: check.Finding[] = [];
  const served = await servedModel(settings);
  findings.push(served);
  if (served.ok) {
    const model = new OpenAiCompatibleChatModel({
      baseUrl: settings.baseUrl,
      model: settings.model,
      timeoutMs: settings.timeoutMs,
      maxRetries: 0,
      maxTokens: 64,
    });
    findings.push(await toolCallRoundTrip(model), await photoAccepted(model));
  }
  return check.partReport('chat model', check.shownUrl(settings.baseUrl), findings);
}

async function servedModel(settings: ChatModelSettings): Promise<check.Finding> {
  const client = new JsonHttpClient({ baseUrl: settings.baseUrl, maxRetries: 0 });
  try {
    const answer = await client.get('/models', AbortSignal.timeout(settings.timeoutMs));
    if (answer.status >= 400)
      return check.fail(
        `GET /models answered HTTP ${answer.status}: ${serverErrorText(answer.text)}`,
        'point LLM_BASE_URL at the OpenAI API of vLLM, /v1 included',
      );
    const models = ((JSON.parse(answer.text) as { data?: unknown }).data ?? []) as Array<{
      id?: unknown;
      max_model_len?: unknown;
    }>;
    const card = models.find((entry) => entry.id === settings.model);
    if (!card)
      return check.fail(
        `serves ${models.map((entry) => String(entry.id)).join(', ') || 'no model'}, not LLM_MODEL ${settings.model}`,
        `start vLLM with --served-model-name ${settings.model}, or set LLM_MODEL to the model it serves`,
      );
    const length = card.max_model_len;
    if (typeof length !== 'number')
      return check.fail(
        `${settings.model} is served without a max_model_len`,
        'serve it with vLLM, which reports its context (--max-model-len)',
      );
    if (length < settings.contextTokens)
      return check.fail(
        `max_model_len ${length} < MODEL_CONTEXT_TOKENS ${settings.contextTokens}`,
        `start vLLM with --max-model-len ${settings.contextTokens}, or lower MODEL_CONTEXT_TOKENS to ${length}`,
      );
    return check.pass(
      `${settings.model} served, max_model_len ${length} >= MODEL_CONTEXT_TOKENS ${settings.contextTokens}`,
    );
  } catch (error) {
    return check.fail(`unreachable: ${check.reasonOf(error)}`, 'start vLLM, or fix LLM_BASE_URL');
  } finally {
    client.close();
  }
}

async function toolCallRoundTrip(model: OpenAiCompatibleChatModel): Promise<check.Finding> {
  const request: ChatRequest = {
    messages: [
      { role: 'system', content: 'You are a health check. Use the tools you are given.' },
      { role: 'user', content: 'Ping with the word "pong".' },
    ],
    tools: [PING],
  };
  try {
    const completion = await model.complete(request);
    const call = completion.toolCalls.find((c) => c.name === PING.name);
    if (call) return check.pass('a tool call round-trips');
    return check.fail(
      `the model answered without a tool call (${JSON.stringify(completion.text.slice(0, 80))})`,
      `start vLLM with ${TOOL_FLAGS} (hermes is Qwen3's tool-call format)`,
    );
  } catch (error) {
    if (
      error instanceof ModelUnavailable &&
      /enable-auto-tool-choice|tool-call-parser/.test(error.message)
    )
      return check.fail(`tool calls are off (${error.message})`, `start vLLM with ${TOOL_FLAGS}`);
    return check.fail(`a tool call failed: ${check.reasonOf(error)}`, 'check the vLLM log');
  }
}

async function photoAccepted(model: OpenAiCompatibleChatModel): Promise<check.Finding> {
  try {
    await model.complete({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What colour is this square? One word.' },
            { type: 'image', mimeType: 'image/png', dataBase64: RED_SQUARE_PNG },
          ],
        },
      ],
    });
    return check.pass('a photo is accepted');
  } catch (error) {
    if (error instanceof ModelUnavailable && /image/i.test(error.message))
      return check.fail(
        `photos are refused (${error.message})`,
        `start vLLM with --limit-mm-per-prompt '{"image": 4, "video": 0}' (docs/model-serving.md)`,
      );
    return check.fail(`a photo failed: ${check.reasonOf(error)}`, 'check the vLLM log');
  }
}
