/** One sample line of the Prometheus text exposition format. */
export interface PrometheusSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface PrometheusScrape {
  readonly contentType: string | null;
  /** `# TYPE` of each metric family. */
  readonly types: ReadonlyMap<string, string>;
  readonly samples: readonly PrometheusSample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;

/**
 * Parses the text exposition format (version 0.0.4) strictly enough for tests: a line that is
 * neither a comment nor a well-formed sample throws, naming the line.
 */
export function parsePrometheusText(text: string): Omit<PrometheusScrape, 'contentType'> {
  const types = new Map<string, string>();
  const samples: PrometheusSample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      else if (!line.startsWith('# HELP ')) throw new Error(`Not a HELP or TYPE line: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const value = parseValue(match[3]!);
    if (value === null) throw new Error(`Not a sample value: ${line}`);
    samples.push({ name: match[1]!, labels: parseLabels(match[2] ?? '', line), value });
  }
  return { types, samples };
}

/** As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case; prom-client writes `Nan`. */
function parseValue(text: string): number | null {
  if (/^nan$/i.test(text)) return Number.NaN;
  const infinity = /^([+-]?)inf$/i.exec(text);
  if (infinity) return infinity[1] === '-' ? -Infinity : Infinity;
  const value = Number(text);
  return text.trim() === '' || Number.isNaN(value) ? null : value;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`Malformed labels: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/** `GET <baseUrl>/metrics`, parsed. */
export async function scrapeMetrics(baseUrl: string): Promise<PrometheusScrape> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) throw new Error(`GET ${baseUrl}/metrics answered ${response.status}`);
  return {
    contentType: response.headers.get('content-type'),
    ...parsePrometheusText(await response.text()),
  };
}

/** The value of the sample `name` whose labels include `labels`; 0 when there is none. */
export function sampleValue(
  scrape: Pick<PrometheusScrape, 'samples'>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const sample = scrape.samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return sample?.value ?? 0;
}
