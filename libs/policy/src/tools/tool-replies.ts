/**
 * What the model reads back in a tool message when a call gave no data: the model-facing side of
 * the tool protocol (a customer never sees these).
 */
export const TOOL_REPLIES = {
  /** A call after the one that handed the turn to a human. */
  notRun: 'Not run: the turn was handed to a human.',
  /** The escalate tool's own result. */
  handedOver: 'Handed to a human colleague.',
  /** Arguments that were not a JSON object (a malformed call). */
  invalidArguments: 'Invalid arguments: send one JSON object matching the tool parameters.',
  knowledgeBaseUnavailable: 'The knowledge base is unavailable.',
  nothingAnswers: 'The knowledge base has nothing that answers this.',
} as const;

/** The result of a call naming a tool that was not offered. */
export function unknownToolReply(name: string): string {
  return `Unknown tool ${name}.`;
}
