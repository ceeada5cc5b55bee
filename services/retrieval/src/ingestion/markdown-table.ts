import { plainText } from './markdown-text.js';

const ROW = /^\s*\|.*\|\s*$/;
const SEPARATOR = /^\s*\|(?:\s*:?-{2,}:?\s*\|)+\s*$/;
const ARABIC = /[\u0600-\u06FF]/;

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => plainText(cell.trim()));
}

/**
 * A Markdown table (a header row, a `|---|` line, then rows) as one line per row that reads as a
 * sentence on its own, each cell after its column's header: "| Oman | 2 days |" under "| Area |
 * Delivery time |" becomes "Area: Oman; Delivery time: 2 days." (Arabic: "المنطقة: مسقط، المدة:
 * يومان."). A row is what a customer asks about; cut from its header, "| Oman | Free |" answers
 * nothing. Null when the lines are not such a table.
 */
export function tableAsSentences(lines: readonly string[]): string[] | null {
  if (lines.length < 3 || !lines.every((line) => ROW.test(line)) || !SEPARATOR.test(lines[1]!))
    return null;
  const header = cells(lines[0]!);
  const separator = header.some((cell) => ARABIC.test(cell)) ? '، ' : '; ';
  return lines.slice(2).map((row) => {
    const parts = cells(row)
      .map((cell, i) => (cell && header[i] ? `${header[i]}: ${cell}` : cell))
      .filter(Boolean);
    const text = parts.join(separator);
    return /[.!?؟]$/.test(text) ? text : `${text}.`;
  });
}
