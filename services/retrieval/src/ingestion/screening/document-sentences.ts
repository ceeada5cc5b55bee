import { plainText } from '../markdown-text.js';

const HEADING = /^#{1,6}\s+/;
const LIST_ITEM = /^(?:[-*+]|\d+[.)])\s+/;
const QUOTE = /^>+\s?/;
const TAG = /<[^>]*>/g;
const LINK = /\[([^\]]*)\]\([^)]*\)/g;
const SENTENCE_END = /(?<=[.!?؟…])\s+/;

/** Markdown reduced to what a reader sees, with tags kept apart: attributes and comments are read too. */
function readable(line: string): string[] {
  const tags = line.match(TAG) ?? [];
  const text = plainText(line.replace(LINK, '$1 ')).replace(TAG, ' ');
  return [text, ...tags.map((tag) => tag.replace(/^<(?:!--)?|(?:--)?>$/g, ''))];
}

/**
 * Every sentence a planted instruction could hide in: the title, each heading, each sentence of
 * each paragraph (its lines joined), list item and table cell, and the text inside HTML tags and
 * comments, which the chunker indexes as it is.
 */
export function documentSentences(title: string, markdown: string): string[] {
  const blocks: string[] = [title];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(paragraph.join(' '));
    paragraph = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim().replace(QUOTE, '');
    if (!line) {
      flush();
    } else if (HEADING.test(line) || LIST_ITEM.test(line) || line.startsWith('|')) {
      flush();
      blocks.push(...line.replace(HEADING, '').replace(LIST_ITEM, '').split('|'));
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks
    .flatMap(readable)
    .flatMap((block) => block.split(SENTENCE_END))
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}
