import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** A data file of this library, read from `src/data` whether this runs from `src` or `dist`. */
export function readLanguageData(file: string): unknown {
  return parse(readFileSync(new URL(`../../src/data/${file}`, import.meta.url), 'utf8'));
}
