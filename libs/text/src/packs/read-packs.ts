import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * A library's data files, read from its `src/data` whether it runs from `src` or `dist` (tsc
 * copies no YAML; the images ship `src/data` with the library). `dataDir` is that directory.
 */
export function readDataFile(dataDir: URL, file: string): unknown {
  return parse(readFileSync(new URL(file, dataDir), 'utf8'));
}

/** The YAML files of a pack directory (`lang/en`) of a data directory, by name, each parsed. */
export function readPackFiles(dataDir: URL, pack: string): unknown[] {
  return readdirSync(new URL(`${pack}/`, dataDir))
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => readDataFile(dataDir, `${pack}/${file}`));
}
