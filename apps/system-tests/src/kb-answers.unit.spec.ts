import { describe, expect, it } from '@jest/globals';
import { splitSentences, validateReply } from '@support/citations';
import { ExtractiveResponder } from '@support/models';
import { formatChunksForPrompt, type PromptChunk } from '@support/policy';
import { chunkDocument } from '@support/retrieval/pure';
import { kbDocuments } from './support/kb.js';

// The reply validator must never refuse what the embedded default says: a verbatim sentence of a
// chunk, cited. Checked on every chunk of the shipped knowledge base, cut as retrieval cuts it,
// so a new document that trips the support, secret-request or link checks fails here first.

const documents = kbDocuments().map((doc) => ({
  doc,
  chunks: chunkDocument(doc.docId, doc.body).map((chunk): PromptChunk => ({
    chunkId: chunk.chunkId,
    title: doc.title,
    lang: doc.lang,
    text: chunk.text,
  })),
}));

/** What failed, as `chunk: problem`, so that a failure names the sentence. */
function refusals(reply: string, chunks: readonly PromptChunk[]): string[] {
  return validateReply(reply, chunks)
    .sentences.filter((sentence) => !sentence.ok)
    .map((sentence) => `${sentence.text} -> ${sentence.problem}`);
}

describe('the shipped knowledge base, quoted by the extractive responder', () => {
  it('passes validation for every answer the responder gives to a question taken from any sentence', async () => {
    const responder = new ExtractiveResponder();
    const refused: string[] = [];
    let answers = 0;
    for (const { chunks } of documents) {
      const prompt = chunks.slice(0, 4);
      // Each sentence asked as a question: the responder quotes whatever covers it best.
      for (const question of prompt.flatMap((chunk) => splitSentences(chunk.text))) {
        const completion = await responder.complete({
          messages: [
            { role: 'user', content: question },
            {
              role: 'assistant',
              content: '',
              toolCalls: [
                { id: 'c1', name: 'search_knowledge_base', arguments: { query: question } },
              ],
            },
            { role: 'tool', toolCallId: 'c1', content: formatChunksForPrompt(prompt) },
          ],
        });
        answers += 1;
        refused.push(...refusals(completion.text, prompt));
      }
    }
    expect(answers).toBeGreaterThan(200);
    expect(refused).toEqual([]);
  });
});
