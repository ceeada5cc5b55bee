import type { PromptChunk } from '@support/policy';
import { LIST_MARKER, splitSentences } from '../sentences.js';
import type { ScoredSentence } from './select-answer.js';

// A list's lead-in longer than this is a sentence of its own, not a label for the items.
const MAX_LEAD = 120;
const MAX_ITEMS = 8;

/**
 * The reply of the extractive responder: each picked sentence with its citation, on a line of its
 * own, quoted so that it says what it says where it stands in the chunk:
 * - a list item under what it is a list of ("Items that cannot be returned: Swimwear and
 *   burkinis"), the whole list when its lead-in answers the question too ("Attach at least 3
 *   clear photos: …");
 * - a heading or lead-in with the list under it ("Items that cannot be returned: Lingerie…; …");
 *   items of several sentences go one sentence a line, each cited;
 * - a bare section heading ("Photos we need") only when nothing else of its chunk is shown.
 * Every word comes from the cited chunk, so the citation checks see what they always saw.
 */
export function answerText(
  picked: readonly ScoredSentence[],
  scored: readonly ScoredSentence[],
  chunks: readonly PromptChunk[],
  floor: number,
): string {
  const textOf = new Map(chunks.map((chunk) => [chunk.chunkId, chunk.text]));
  const leadOf = (label: string, chunkId: string) =>
    scored.find((s) => s.chunkId === chunkId && bare(s.text) === label);
  // Each list is quoted once, whichever of its sentences were picked.
  const shownLists = new Set<string>();
  const firstShowing = (chunkId: string, lead: string): boolean => {
    const key = `${chunkId}\u0000${lead}`;
    if (shownLists.has(key)) return false;
    shownLists.add(key);
    return true;
  };
  const lines: string[] = [];
  for (const sentence of picked) {
    const text = textOf.get(sentence.chunkId) ?? '';
    const list = listOf(text, sentence.text);
    const cite = (line: string) => `${line} [${sentence.chunkId}]`;
    let shown = [cite(sentence.text)];
    if (list !== undefined) {
      if (!firstShowing(sentence.chunkId, list.lead)) continue;
      // The whole list answers when its lead does ("what photos do you need?"); else the items
      // that answer ("can I return earrings?" under "Items that cannot be returned").
      const lead = leadOf(list.lead, sentence.chunkId);
      const whole = list.isLead || (lead !== undefined && lead.score >= floor);
      const items = whole
        ? [...list.items]
        : picked
            .filter(
              (other) =>
                other.chunkId === sentence.chunkId && list.items.includes(item(other.text)),
            )
            .map((other) => item(other.text));
      // An item of two sentences is quoted by the one picked.
      if (items.length === 0) items.push(item(sentence.text));
      shown = listLines(list.lead, items).map(cite);
    } else if (opensChunk(text, sentence.text)) {
      if (picked.some((other) => other !== sentence && other.chunkId === sentence.chunkId))
        continue;
      // "Photos we need" over "Attach at least 3 clear photos:" and its list: the list answers.
      const under = listOf(text, lastSentence(lineAfterHeading(text)));
      if (under?.isLead === true) {
        if (!firstShowing(sentence.chunkId, under.lead)) continue;
        shown = listLines(under.lead, under.items).map(cite);
      }
    }
    lines.push(...shown);
  }
  return lines.join('\n');
}

interface ListAround {
  /** The heading or lead-in the list hangs from, without its colon. */
  readonly lead: string;
  readonly items: readonly string[];
  /** Whether the sentence is the lead itself rather than one of the items. */
  readonly isLead: boolean;
}

/**
 * Whether a sentence of `text` is a heading or lead-in with a list under it: the lines of `text`
 * are read once, for all the sentences asked about.
 */
export function listLeadsOf(text: string): (sentence: string) => boolean {
  const lines = text.split(/\r?\n/);
  const leads = new Set<string>();
  lines.forEach((line, at) => {
    const lead = lastSentence(line);
    if (!LIST_MARKER.test(line) && isLabel(lead) && itemsAfter(lines, at).length > 0)
      leads.add(lead);
  });
  return (sentence) => leads.has(bare(sentence));
}

/** A sentence of `text` with the items of the list it leads into, if it leads into one. */
export function withListItems(text: string, sentence: string): string {
  const list = listOf(text, sentence);
  return list?.isLead === true ? [sentence, ...list.items].join('\n') : sentence;
}

/** The list `sentence` belongs to in `text`, as one of its items or as its lead; else undefined. */
function listOf(text: string, sentence: string): ListAround | undefined {
  const lines = text.split(/\r?\n/);
  const itemAt = lines.findIndex(
    (line) => LIST_MARKER.test(line) && line.replace(LIST_MARKER, '').includes(sentence),
  );
  const leadAt =
    itemAt >= 0
      ? previousLine(lines, itemAt)
      : lines.findIndex((line) => !LIST_MARKER.test(line) && lastSentence(line) === bare(sentence));
  if (leadAt < 0) return undefined;
  // "We review reports within 1 working day. You then choose:": the lead is the last sentence.
  const lead = lastSentence(lines[leadAt]!);
  if (!isLabel(lead)) return undefined;
  const items = itemsAfter(lines, leadAt);
  if (items.length === 0) return undefined;
  return { lead, items, isLead: itemAt < 0 };
}

/** Whether a line's last sentence can label a list: short, and not a sentence that ends. */
function isLabel(lead: string): boolean {
  return lead.length > 0 && lead.length <= MAX_LEAD && !/[.!?؟؛…]$/.test(lead);
}

/** The nearest line above `at` that is neither blank nor a list item, or -1. */
function previousLine(lines: readonly string[], at: number): number {
  for (let i = at - 1; i >= 0; i -= 1)
    if (lines[i]!.trim() !== '' && !LIST_MARKER.test(lines[i]!)) return i;
  return -1;
}

/** The list items that follow line `at` (blank lines before the first one allowed). */
function itemsAfter(lines: readonly string[], at: number): string[] {
  const items: string[] = [];
  for (let i = at + 1; i < lines.length && items.length < MAX_ITEMS; i += 1) {
    const line = lines[i]!;
    if (line.trim() === '') {
      if (items.length > 0) break;
      continue;
    }
    if (!LIST_MARKER.test(line)) break;
    items.push(item(line.replace(LIST_MARKER, '')));
  }
  return items;
}

/** A list item as it is joined with the others: its own closing mark would double theirs. */
function item(text: string): string {
  return text.trim().replace(/[;,.،؛]+$/, '');
}

/** The last sentence of a line, as a label ({@link bare}). */
function lastSentence(line: string): string {
  return bare(line.split(/(?<=[.!?؟؛…])\s+/).at(-1) ?? '');
}

/** A heading or lead-in as a label: no Markdown marks, no closing colon. */
function bare(line: string): string {
  return line
    .replace(/^#+\s*/, '')
    .trim()
    .replace(/\s*:$/, '');
}

/** The first line after a chunk's heading and the blank line under it. */
function lineAfterHeading(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .slice(1)
      .find((line) => line.trim() !== '')
      ?.trim() ?? ''
  );
}

// The chunk's opening line, with a blank line under it: its heading, or a one-line paragraph.
// Looser than `sectionHeading` (any length, any closing mark): either is left out when more of the
// chunk is shown.
function opensChunk(text: string, sentence: string): boolean {
  const [first, second] = text.split(/\r?\n/);
  return first?.trim() === sentence && second?.trim() === '';
}

/**
 * The lines that quote a lead and its items, each to be cited: one line when no piece holds a
 * sentence end; else the lead, then each sentence of each item on a line of its own, since the
 * citation check cuts a reply into sentences and each piece would need its own citation.
 */
function listLines(lead: string, items: readonly string[]): string[] {
  if (![lead, ...items].some((piece) => SENTENCE_END.test(piece)))
    return [`${lead}: ${items.join(separator(lead))}`];
  return [`${lead}:`, ...items.flatMap((listItem) => splitSentences(listItem))];
}

const SENTENCE_END = /[.!?؟؛…](?=\s)/;

function separator(lead: string): string {
  // Not "؛": the citation check ends a sentence there, and each piece would need its own citation.
  return /[\u0600-\u06FF]/.test(lead) ? '، ' : '; ';
}
