import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { KbDocument } from '@support/retrieval/pure';
import { GLOSSARY_FILE, parseGlossaryText, type TermPair } from '@support/text';
import { readKb } from '../local-retrieval.js';

/** The categories of a draft set (eval/drafts/README.md). */
export const DRAFT_CATEGORIES = [
  'paraphrase',
  'quantity',
  'case_alignment',
  'key_term',
  'condition',
  'scope',
  'negation',
  'clitics_dialect',
  'cross_lingual',
  'courtesy',
  'citation_form',
  'secret_request',
  'bidi',
] as const;
export type DraftCategory = (typeof DRAFT_CATEGORIES)[number];

export const DRAFT_LANGS = ['en', 'ar', 'cross'] as const;
export type DraftLang = (typeof DRAFT_LANGS)[number];

export const DRAFT_LABELS = ['faithful', 'unsafe'] as const;
export type DraftLabel = (typeof DRAFT_LABELS)[number];

/** One line of a set's drafts.jsonl. */
export interface DraftCase {
  readonly id: string;
  readonly lang: DraftLang;
  readonly question: string;
  /** The model's reply with `{{doc-id|Heading}}` citation placeholders. */
  readonly draft: string;
  readonly label: DraftLabel;
  readonly category: DraftCategory;
  readonly note: string;
}

export interface DraftSet {
  /** The folder's name: the set's name in tables and rows. */
  readonly name: string;
  readonly docs: KbDocument[];
  /** The shop's `kb/glossary.yaml` (none: no glossary), as production reads it. */
  readonly glossary: TermPair[];
  readonly cases: DraftCase[];
}

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, what: string): T => {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
    return value as T;
  throw new Error(`${what} must be one of ${allowed.join(', ')}; got ${JSON.stringify(value)}`);
};
const text = (value: unknown, what: string): string => {
  if (typeof value === 'string' && value.trim()) return value;
  throw new Error(`${what} must be a non-empty string`);
};

/** Reads and checks one drafts.jsonl line; a bad line names its line number. */
export function parseDraftLine(line: string, where: string): DraftCase {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(line) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${where}: not JSON (${(error as Error).message})`);
  }
  try {
    return {
      id: text(raw.id, 'id'),
      lang: oneOf(DRAFT_LANGS, raw.lang, 'lang'),
      question: text(raw.question, 'question'),
      draft: text(raw.draft, 'draft'),
      label: oneOf(DRAFT_LABELS, raw.label, 'label'),
      category: oneOf(DRAFT_CATEGORIES, raw.category, 'category'),
      note: typeof raw.note === 'string' ? raw.note : '',
    };
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
}

/** A set folder: its kb/ (Markdown documents) and drafts.jsonl, ids unique. */
export function readDraftSet(dir: string): DraftSet {
  const file = join(dir, 'drafts.jsonl');
  const kb = join(dir, 'kb');
  if (!existsSync(file) || !existsSync(kb))
    throw new Error(`${dir}: a draft set needs kb/ and drafts.jsonl`);
  const cases = readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => ({ line, where: `${file}:${i + 1}` }))
    .filter(({ line }) => line.trim())
    .map(({ line, where }) => parseDraftLine(line, where));
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new Error(`${file}: id ${c.id} appears twice`);
    seen.add(c.id);
  }
  const glossaryFile = join(kb, GLOSSARY_FILE);
  const glossary = existsSync(glossaryFile)
    ? parseGlossaryText(readFileSync(glossaryFile, 'utf8'), glossaryFile)
    : [];
  return { name: basename(resolve(dir)), docs: readKb(kb), glossary, cases };
}
