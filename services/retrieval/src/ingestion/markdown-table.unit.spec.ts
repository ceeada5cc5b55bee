import { describe, expect, it } from '@jest/globals';
import { chunkDocument } from './chunker.js';
import { tableAsSentences } from './markdown-table.js';

describe('tableAsSentences', () => {
  it('reads each row as a sentence with its column headers', () => {
    expect(
      tableAsSentences([
        '| Area | Delivery time | Fee |',
        '|---|:---:|---:|',
        '| Muscat | **1 to 2** working days | OMR 1.5 |',
        '| Salalah | 3 to 5 working days | Free |',
      ]),
    ).toEqual([
      'Area: Muscat; Delivery time: 1 to 2 working days; Fee: OMR 1.5.',
      'Area: Salalah; Delivery time: 3 to 5 working days; Fee: Free.',
    ]);
  });

  it('joins Arabic cells with an Arabic comma and leaves empty cells out', () => {
    expect(
      tableAsSentences([
        '| المنطقة | الرسوم | ملاحظة |',
        '| --- | --- | --- |',
        '| مسقط | 1.5 ريال | |',
      ]),
    ).toEqual(['المنطقة: مسقط، الرسوم: 1.5 ريال.']);
  });

  it('leaves lines that are not a table alone', () => {
    expect(tableAsSentences(['Returns are free.', 'Exchanges too.'])).toBeNull();
    expect(tableAsSentences(['| a | b |', '| c | d |'])).toBeNull();
  });

  it('is how a chunk shows a table', () => {
    const [chunk] = chunkDocument(
      'fees',
      '## Fees\n\nWe charge by area.\n\n| Area | Fee |\n|---|---|\n| Muscat | OMR 1.5 |\n',
    );
    expect(chunk!.text).toBe('Fees\n\nWe charge by area.\n\nArea: Muscat; Fee: OMR 1.5.');
  });
});
