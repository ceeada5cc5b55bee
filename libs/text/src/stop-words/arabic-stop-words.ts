import { textLists } from '../packs/text-lists.js';

/** NLTK's arabic stop words, as fastembed's Qdrant/bm25 ships them (`lang/ar/stop-words.yaml`). */
export const ARABIC_STOP_WORDS: readonly string[] = textLists.written('stop_words', 'arabic');
