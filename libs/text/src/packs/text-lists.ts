import { readDataFile } from './read-packs.js';
import { WordLists } from './word-lists.js';

const TEXT_DATA = new URL('../../src/data/', import.meta.url);

/**
 * This library's own word lists (`src/data`): stop words, shop concepts, dialect forms, negation
 * and question words, each with its reason, in the packs' shape and read by the same reader as
 * `@support/language`'s packs (docs/architecture.md, "Language knowledge").
 */
export const textLists = new WordLists(TEXT_DATA, ['lang/en', 'lang/ar', 'domain/fashion-retail']);

/** A data file of this library's packs by its path in `src/data` (`domain/fashion-retail/…`). */
export const readTextData = (file: string): unknown => readDataFile(TEXT_DATA, file);
