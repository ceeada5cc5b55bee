/**
 * The server's own words for an HTTP error, from the bodies the model and index servers send:
 * text-embeddings-inference's `{error, error_type}` (its native routes) and `{message, code, type}`
 * (its OpenAI-compatible `/v1/embeddings`), OpenAI's and vLLM's `{error: {message}}`, Qdrant's
 * `{status: {error}}`; any other body as it came, shortened.
 */
export function serverErrorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown> | null;
    const text = messageIn(parsed);
    if (text) return text;
  } catch {
    // Not JSON: the body itself says what went wrong.
  }
  return body.slice(0, 300).trim() || '(no body)';
}

function messageIn(body: Record<string, unknown> | null): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { error, message, status } = body as {
    error?: unknown;
    message?: unknown;
    status?: { error?: unknown };
  };
  if (typeof error === 'string' && error) return error;
  const nested = (error as { message?: unknown } | undefined)?.message;
  if (typeof nested === 'string' && nested) return nested;
  if (typeof message === 'string' && message) return message;
  if (typeof status?.error === 'string' && status.error) return status.error;
  return undefined;
}
