import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

const DATA = new URL('../../src/data/', import.meta.url);

/** A data file of this library, read from `src/data` whether this runs from `src` or `dist`. */
export function readLanguageData(file: string): unknown {
  return parse(readFileSync(new URL(file, DATA), 'utf8'));
}

/** The YAML files of a pack directory of `src/data` (`lang/en`), by name, each parsed. */
export function readPackFiles(pack: string): unknown[] {
  return readdirSync(new URL(`${pack}/`, DATA))
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => readLanguageData(`${pack}/${file}`));
}
