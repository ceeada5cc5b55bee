import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { textLists } from './text-lists.js';
import { WordLists } from './word-lists.js';

/** Packs written to a fresh directory: `{ 'lang/en/x.yaml': text }`. */
function packsOf(files: Record<string, string>, packs: string[]): WordLists {
  const root = mkdtempSync(join(tmpdir(), 'packs-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return new WordLists(pathToFileURL(`${root}/`), packs);
}

describe('WordLists', () => {
  it('joins a list across packs in pack order: words, pairs and rewrites', () => {
    const lists = packsOf(
      {
        'en/a.yaml':
          'lists: {l: {why: english, words: [Return], pairs: {k: [Ship]}, rewrites: [{pattern: "a", to: b, flags: gi}]}}',
        'ar/a.yaml':
          'lists: {l: {why: arabic, words: [إرجاع], pairs: {k: [شحنة]}, rewrites: [{pattern: "ج", to: د}]}}',
      },
      ['en', 'ar'],
    );
    const list = lists.wordList('l');
    expect(list.why).toEqual(['english', 'arabic']);
    expect(list.words).toEqual(['return', 'ارجاع']);
    expect(list.written).toEqual(['Return', 'إرجاع']);
    expect(list.pairs).toEqual({ k: ['ship', 'شحنه'] });
    expect(list.writtenPairs).toEqual({ k: ['Ship', 'شحنة'] });
    expect(list.rewrites).toEqual([
      { pattern: 'a', flags: 'gi', to: 'b' },
      { pattern: 'ج', flags: 'g', to: 'د' },
    ]);
    expect(lists.written('l', 'arabic')).toEqual(['إرجاع']);
  });

  it('refuses an entry without its reason, a rewrite without its replacement, an unknown list', () => {
    expect(() =>
      packsOf({ 'en/a.yaml': 'lists: {l: {words: [x]}}' }, ['en']).wordList('l'),
    ).toThrow(/`why` must say why/);
    expect(() =>
      packsOf({ 'en/a.yaml': 'lists: {l: {why: w, rewrites: [{pattern: x}]}}' }, ['en']).wordList(
        'l',
      ),
    ).toThrow(/needs a `pattern` and a `to`/);
    expect(() => textLists.wordList('no such list')).toThrow(/no list "no such list"/);
  });

  it("reads libs/text's own packs: the stop words as fastembed ships them, the trade's names after the phrases", () => {
    expect(textLists.written('stop_words', 'latin')).toHaveLength(179);
    expect(textLists.written('stop_words', 'arabic')).toHaveLength(754);
    const english = textLists.wordList('english_phrases').rewrites;
    expect(english.at(-1)).toEqual({ pattern: '\\bstc\\s*pay\\b', flags: 'gi', to: 'stcpay' });
  });
});
