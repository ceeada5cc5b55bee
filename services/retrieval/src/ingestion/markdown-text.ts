/** Emphasis and code marks are layout, not words: chunks are quoted verbatim to customers. */
export function plainText(line: string): string {
  return line
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/`([^`]+)`/g, '$1');
}
