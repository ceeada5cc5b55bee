import { textLists } from '../packs/text-lists.js';

/** NLTK's english stop words, as fastembed's Qdrant/bm25 ships them (`lang/en/stop-words.yaml`). */
export const ENGLISH_STOP_WORDS: readonly string[] = textLists.written('stop_words', 'latin');
