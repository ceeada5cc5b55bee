import { readDataFile } from '@support/text';

const DATA = new URL('../../src/data/', import.meta.url);

/** A data file of this library (`src/data`), read by the one reader of `@support/text`. */
export function readLanguageData(file: string): unknown {
  return readDataFile(DATA, file);
}
