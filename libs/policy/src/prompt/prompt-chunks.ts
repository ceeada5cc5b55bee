/** A knowledge-base chunk as it enters the prompt. */
export interface PromptChunk {
  /** The id the answer cites as `[chunkId]`: no whitespace, no `[` or `]`. */
  chunkId: string;
  title?: string;
  /** `en` or `ar` (the chunk's language), when known. */
  lang?: string;
  text: string;
}

// Escaping `&` as well as `<` and `>` keeps the round trip exact: a chunk that really contains
// "&lt;" reads back as "&lt;", not "<".
function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value)
    .replaceAll('"', '&quot;')
    .replace(/[\r\n\t]/g, ' ');
}

function unescape(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

const CITABLE_ID = /^[^\s[\]]+$/;

/**
 * The content of the `search_knowledge_base` tool message: the chunks as delimited data, in rank
 * order, one `<chunk>` element each inside a `<chunks>` element:
 *
 * ```
 * <chunks>
 * <chunk id="returns-policy#2" title="Returns" lang="en">
 * Items can be returned within 14 days &amp; refunded to the card.
 * </chunk>
 * </chunks>
 * ```
 *
 * `&`, `<` and `>` in the text (and `"` in attributes) are written as entities, so no document
 * can close its `<chunk>` or open another one: whatever it says stays data. No chunks give an
 * empty `<chunks>` element. {@link parseChunksFromToolMessage} reads it back exactly.
 */
export function formatChunksForPrompt(chunks: readonly PromptChunk[]): string {
  const lines = ['<chunks>'];
  for (const chunk of chunks) {
    if (!CITABLE_ID.test(chunk.chunkId))
      throw new RangeError(`chunk id ${JSON.stringify(chunk.chunkId)} cannot be cited as [id]`);
    let attributes = `id="${escapeAttribute(chunk.chunkId)}"`;
    if (chunk.title !== undefined) attributes += ` title="${escapeAttribute(chunk.title)}"`;
    if (chunk.lang !== undefined) attributes += ` lang="${escapeAttribute(chunk.lang)}"`;
    lines.push(`<chunk ${attributes}>`, escapeText(chunk.text), '</chunk>');
  }
  lines.push('</chunks>');
  return lines.join('\n');
}

const CHUNKS_BLOCK = /^<chunks>\n?([\s\S]*?)\n?<\/chunks>$/;
const CHUNK_ELEMENT = /<chunk((?:\s+[a-z]+="[^"]*")*)\s*>\n?([\s\S]*?)\n?<\/chunk>/g;
const ATTRIBUTE = /([a-z]+)="([^"]*)"/g;

/**
 * The chunks of a tool message written by {@link formatChunksForPrompt}; `null` when the content
 * is not such a block (another tool's result). An empty block gives `[]`.
 */
export function parseChunksFromToolMessage(content: string): PromptChunk[] | null {
  const block = CHUNKS_BLOCK.exec(content.trim());
  if (block === null) return null;
  const chunks: PromptChunk[] = [];
  for (const [, attributeText, body] of block[1].matchAll(CHUNK_ELEMENT)) {
    const attributes = new Map<string, string>();
    for (const [, name, value] of attributeText.matchAll(ATTRIBUTE))
      attributes.set(name, unescape(value));
    const chunkId = attributes.get('id');
    if (chunkId === undefined || chunkId === '') continue;
    const chunk: PromptChunk = { chunkId, text: unescape(body) };
    const title = attributes.get('title');
    const lang = attributes.get('lang');
    if (title !== undefined) chunk.title = title;
    if (lang !== undefined) chunk.lang = lang;
    chunks.push(chunk);
  }
  return chunks;
}
