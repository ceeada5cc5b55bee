import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

// The language rules must hold for any shop, so neither a rule nor the example beside it may be
// written from an evaluation question or an evaluation shop's document: a run of words shared
// with one is a sign the rule was tuned to it. Seven words of a question, nine of a document
// (shops word their policies alike: "as long as it has not been shipped" is anyone's).

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const QUESTION_WORDS = 7;
const DOCUMENT_WORDS = 9;

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function runs(text: string, size: number): string[] {
  const all = words(text);
  const found: string[] = [];
  for (let i = 0; i + size <= all.length; i += 1) found.push(all.slice(i, i + size).join(' '));
  return found;
}

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'dist' || name === 'testing' || name === 'node_modules'
        ? []
        : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** The language rules and their reasons: every library's and service's source and data, read once. */
const RULE_FILES = ['libs', 'services'].flatMap((top) =>
  readdirSync(join(ROOT, top)).flatMap((pkg) =>
    filesUnder(
      join(ROOT, top, pkg, 'src'),
      (path) => /\.(?:ts|yaml)$/.test(path) && !path.endsWith('.spec.ts'),
    ).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') })),
  ),
);

/** Where each run of `size` words of the rule files is written. */
function ruleRuns(size: number): Map<string, string> {
  const where = new Map<string, string>();
  for (const file of RULE_FILES)
    for (const run of runs(file.text, size)) if (!where.has(run)) where.set(run, file.path);
  return where;
}

/** Every evaluation set of the repository, and the shared one beside it when present. */
const SET_DIRS = [
  ...readdirSync(join(ROOT, 'eval')).map((name) => join(ROOT, 'eval', name)),
  ...readdirSync(join(ROOT, 'eval', 'drafts')).map((name) => join(ROOT, 'eval', 'drafts', name)),
  resolve(ROOT, '../shared/eval/dev'),
].filter((dir) => existsSync(dir) && statSync(dir).isDirectory());

describe('the language rules quote no evaluation set', () => {
  it('shares no seven words in a row with an evaluation question', () => {
    const rules = ruleRuns(QUESTION_WORDS);
    const quotes = SET_DIRS.flatMap((dir) => {
      const file = join(dir, 'questions.jsonl');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .flatMap((line) => {
          const { id, q } = JSON.parse(line) as { id: string; q: string };
          const file = runs(q, QUESTION_WORDS)
            .map((run) => rules.get(run))
            .find(Boolean);
          // Named by set and id only: a blind set's questions stay unread.
          return file === undefined ? [] : [`${relative(ROOT, dir)} ${id} in ${file}`];
        });
    });
    expect(quotes).toEqual([]);
  });

  it("shares no nine words in a row with an evaluation shop's document", () => {
    const rules = ruleRuns(DOCUMENT_WORDS);
    const quotes = SET_DIRS.flatMap((dir) =>
      filesUnder(join(dir, 'kb'), (path) => path.endsWith('.md')).flatMap((doc) => {
        const file = runs(readFileSync(doc, 'utf8'), DOCUMENT_WORDS)
          .map((run) => rules.get(run))
          .find(Boolean);
        return file === undefined ? [] : [`${relative(ROOT, doc)} in ${file}`];
      }),
    );
    expect(quotes).toEqual([]);
  });
});
