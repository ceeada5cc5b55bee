import type { DocumentQuarantinedPayload, PlantedInstructionRule } from '@support/contracts';

const WHY: Readonly<Record<PlantedInstructionRule, string>> = {
  addressed_to_assistant: 'speaks to the assistant',
  answer_instruction: 'tells the reader how to answer customers',
  secret_request: 'asks its reader for card data, a PIN, a password or a one-time code',
  override_instructions: "tries to replace the assistant's instructions",
  bidi_control: 'holds a bidirectional control that can display other words than it is made of',
};

/**
 * What `ingest` prints for a refused document: which document and file, what stays searchable,
 * and each flagged sentence with the reasons, so whoever owns the text can fix it.
 */
export function quarantineReport(event: DocumentQuarantinedPayload, file?: string): string {
  const kept =
    event.keptChunkIds.length > 0
      ? `its earlier version (${event.keptChunkIds.length} chunks) stays searchable`
      : 'nothing of it is searchable';
  const lines = [
    `quarantined ${event.docId} "${event.title}"${file ? ` (${file})` : ''}: not indexed, ${kept}.`,
    `  ${event.findingCount} finding(s) in sentences that read as instructions planted for the assistant:`,
  ];
  const bySentence = new Map<string, string[]>();
  for (const finding of event.findings) {
    const why = `${WHY[finding.rule]} [${finding.rule}, ${finding.language}]`;
    bySentence.set(finding.sentence, [...(bySentence.get(finding.sentence) ?? []), why]);
  }
  for (const [sentence, reasons] of bySentence) {
    lines.push(`  - "${sentence}"`);
    for (const reason of reasons) lines.push(`      ${reason}`);
  }
  const unshown = event.findingCount - event.findings.length;
  if (unshown > 0) lines.push(`  … and ${unshown} more finding(s) not listed.`);
  return lines.join('\n');
}
