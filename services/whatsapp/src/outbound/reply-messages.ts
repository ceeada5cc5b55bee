import type { CitationDto, Language, ReplyOptionDto } from '@support/contracts';
import { citationMarkers, idsInMarker, splitSentences } from '@support/citations';
import { CHANNEL_LABELS, replyLanguage } from '@support/policy';
import type { WireOutgoingMessage } from '../graph/graph-wire.js';

/**
 * WhatsApp's limits on what one message carries (Meta's messages reference and interactive
 * reply buttons page): a text body up to 4,096 characters; a reply-buttons message up to three
 * buttons, each title up to 20 characters, its body up to 1,024.
 */
export const WHATSAPP_LIMITS = {
  textChars: 4096,
  buttons: 3,
  buttonTitleChars: 20,
  interactiveBodyChars: 1024,
} as const;

/** The part of a reply this channel shows. */
export interface ReplyContent {
  readonly text: string;
  readonly language: Language;
  readonly citations: readonly CitationDto[];
  readonly options?: readonly ReplyOptionDto[];
}

/** The messages a reply goes out as, and whether its options were numbered (to read a "2" back). */
export interface PlannedReply {
  readonly messages: readonly WireOutgoingMessage[];
  readonly numberedOptions: boolean;
}

/**
 * A reply as WhatsApp messages: citations become numbers with the sources as a short numbered
 * list after the text (a document cited through several chunks is one source), the whole split at
 * sentence ends into messages under the text limit, and options as reply buttons when they fit
 * (three at most, short titles), as a numbered list otherwise.
 */
export function planReply(reply: ReplyContent, limits = WHATSAPP_LIMITS): PlannedReply {
  const lang = replyLanguage(reply.language);
  const options = reply.options ?? [];
  const buttons =
    options.length > 0 &&
    options.length <= limits.buttons &&
    options.every((o) => o.title.length <= limits.buttonTitleChars);
  let text = withSources(reply.text, reply.citations, lang);
  if (options.length > 0 && !buttons)
    text = [
      text,
      options.map((o, i) => `${i + 1}. ${o.title}`).join('\n'),
      CHANNEL_LABELS.replyWithNumber[lang],
    ].join('\n\n');
  const parts = splitAtSentences(text, limits.textChars);
  if (!buttons) return { messages: parts.map(textMessage), numberedOptions: options.length > 0 };
  // The buttons ride on the last part when it is short enough to be their body.
  const last = parts.at(-1)!;
  const fits = last.length <= limits.interactiveBodyChars;
  const body = fits ? last : CHANNEL_LABELS.chooseOne[lang];
  return {
    messages: [
      ...(fits ? parts.slice(0, -1) : parts).map(textMessage),
      buttonsMessage(body, options),
    ],
    numberedOptions: false,
  };
}

/** "… 14 days [returns-retail#2]." → "… 14 days [1]." and "Sources:\n1. Returns (retail orders)". */
export function withSources(
  text: string,
  citations: readonly CitationDto[],
  lang: 'en' | 'ar',
): string {
  const titleOf = new Map(citations.map((c) => [c.chunkId, c]));
  const numbers = new Map<string, number>();
  const titles: string[] = [];
  const numberOf = (chunkId: string) => {
    const citation = titleOf.get(chunkId);
    const source = citation?.docId ?? chunkId.slice(0, chunkId.indexOf('#'));
    if (!numbers.has(source)) {
      numbers.set(source, numbers.size + 1);
      titles.push(citation?.title ?? source);
    }
    return numbers.get(source)!;
  };
  const body = text.replace(citationMarkers(), (marker) => {
    const cited = [...new Set(idsInMarker(marker).map(numberOf))];
    return `[${cited.join(', ')}]`;
  });
  for (const citation of citations) numberOf(citation.chunkId);
  if (titles.length === 0) return body;
  const list = titles.map((title, i) => `${i + 1}. ${title}`).join('\n');
  return `${body}\n\n${CHANNEL_LABELS.sources[lang]}\n${list}`;
}

/**
 * Cuts a text into parts of at most `max` characters: between lines where it can, else between
 * sentences, else (a sentence longer than a message) at the last space. Each part is trimmed.
 */
export function splitAtSentences(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const pieces: { text: string; newLine: boolean }[] = [];
  for (const line of text.split('\n')) {
    const sentences = line.length <= max ? [line] : sentencesOf(line);
    sentences.forEach((sentence, i) => {
      for (const cut of hardCut(sentence, max)) pieces.push({ text: cut, newLine: i === 0 });
    });
  }
  const parts: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joined =
      current === '' ? piece.text : `${current}${piece.newLine ? '\n' : ' '}${piece.text}`;
    if (joined.length <= max) current = joined;
    else {
      if (current.trim() !== '') parts.push(current.trim());
      current = piece.text;
    }
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

/** A line's sentences; a list marker the splitter leaves out is kept on the first. */
function sentencesOf(line: string): string[] {
  const sentences = splitSentences(line);
  if (sentences.length === 0) return [line];
  const lead = line.slice(0, Math.max(0, line.indexOf(sentences[0]!)));
  return [`${lead}${sentences[0]}`, ...sentences.slice(1)];
}

function hardCut(text: string, max: number): string[] {
  const cuts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const at = space > max / 2 ? space : max;
    cuts.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  cuts.push(rest);
  return cuts;
}

function textMessage(body: string): WireOutgoingMessage {
  return { type: 'text', text: { body, preview_url: false } };
}

function buttonsMessage(body: string, options: readonly ReplyOptionDto[]): WireOutgoingMessage {
  return {
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: body },
      action: {
        buttons: options.map((o) => ({ type: 'reply', reply: { id: o.id, title: o.title } })),
      },
    },
  };
}
