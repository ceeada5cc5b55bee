/** One thing checked of a remote part: what was found and, when wrong, how to fix it. */
export interface Finding {
  readonly ok: boolean;
  readonly detail: string;
  readonly fix?: string;
}

export const pass = (detail: string): Finding => ({ ok: true, detail });
export const fail = (detail: string, fix: string): Finding => ({ ok: false, detail, fix });

/** A remote part's verdict: pass when every finding is ok; unconfigured parts are not checked. */
export interface PartReport {
  readonly part: string;
  /** Where it was looked for (a URL without credentials, a channel). */
  readonly target: string;
  readonly status: 'pass' | 'fail' | 'not_configured';
  readonly findings: readonly Finding[];
}

export function partReport(part: string, target: string, findings: readonly Finding[]): PartReport {
  return {
    part,
    target,
    status: findings.every((finding) => finding.ok) ? 'pass' : 'fail',
    findings,
  };
}

export function notConfigured(part: string, why: string): PartReport {
  return { part, target: why, status: 'not_configured', findings: [] };
}

/**
 * One line a part: `PASS chat model (url): what was found`, or `FAIL …: what is wrong → fix: …`
 * for each failed finding, or `---- part: not configured (…)`.
 */
export function reportLine(report: PartReport): string {
  if (report.status === 'not_configured')
    return `---- ${report.part}: not configured (${report.target})`;
  const head = `${report.status === 'pass' ? 'PASS' : 'FAIL'} ${report.part} (${report.target})`;
  if (report.status === 'pass')
    return `${head}: ${report.findings.map((f) => f.detail).join('; ')}`;
  const failed = report.findings.filter((finding) => !finding.ok);
  return `${head}: ${failed.map((f) => `${f.detail} → fix: ${f.fix}`).join('; ')}`;
}

/** A URL as it may be printed: no user name or password. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/** What a thrown error says, for a finding. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
