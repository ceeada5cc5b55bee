import type { BusConnection } from '@support/bus';
import type { Needle } from '@support/testing';
import type { DataSource } from 'typeorm';

export { type Needle, needlesOf } from '@support/testing';

/** Where a needle was found: the place, and the field or column that held it. */
export interface Finding {
  readonly needle: string;
  readonly where: string;
}

function search(haystack: Buffer, needles: readonly Needle[], where: string): Finding[] {
  return needles
    .filter((needle) => haystack.includes(needle.bytes))
    .map((needle) => ({ needle: needle.name, where }));
}

/** The JSON paths of `value` whose text holds `needle` (so a finding names its field). */
function pathsHolding(value: unknown, needle: Buffer, path = ''): string[] {
  if (typeof value === 'string')
    return Buffer.from(value).includes(needle) || value.includes(needle.toString())
      ? [path || '.']
      : [];
  if (Array.isArray(value))
    return value.flatMap((v, i) => pathsHolding(v, needle, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => pathsHolding(v, needle, `${path}.${k}`));
  return [];
}

/**
 * Every message stored in every stream of the account (the event stream, the dead letters' key
 * store, anything else): its raw data and its headers, byte for byte.
 */
export async function scanStreams(bus: BusConnection, needles: readonly Needle[]) {
  const findings: Finding[] = [];
  let messages = 0;
  for await (const stream of bus.jsm.streams.list()) {
    const { first_seq: first, last_seq: last } = stream.state;
    for (let seq = first; seq > 0 && seq <= last; seq += 1) {
      const stored = await bus.jsm.streams
        .getMessage(stream.config.name, { seq })
        .catch(() => null);
      if (!stored) continue;
      messages += 1;
      const headers = stored.header
        ? [...stored.header.keys()].map((k) => `${k}: ${stored.header!.values(k).join(',')}`)
        : [];
      const data = Buffer.from(stored.data);
      const raw = Buffer.concat([Buffer.from(headers.join('\n')), Buffer.from('\n'), data]);
      for (const finding of search(raw, needles, `${stream.config.name}#${seq}`)) {
        let fields: string[] = [];
        try {
          const needle = needles.find((n) => n.name === finding.needle)!;
          fields = pathsHolding(JSON.parse(data.toString('utf8')), needle.bytes);
        } catch {
          /* not JSON */
        }
        findings.push({
          ...finding,
          where: `stream ${finding.where} ${stored.subject} ${fields.join(' ') || '(headers or raw)'}`,
        });
      }
    }
  }
  return { findings, messages };
}

/**
 * Every row of every table in every schema of the database (each service's tables, the agent's
 * LangGraph checkpoints, a replay's shadow schema), every column cast to text.
 */
export async function scanDatabase(dataSource: DataSource, needles: readonly Needle[]) {
  const tables: { schema: string; table: string }[] = await dataSource.query(
    `SELECT table_schema AS schema, table_name AS "table" FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`,
  );
  const findings: Finding[] = [];
  let rows = 0;
  for (const { schema, table } of tables) {
    const name = `"${schema.replace(/"/g, '""')}"."${table.replace(/"/g, '""')}"`;
    const columns: { column: string }[] = await dataSource.query(
      `SELECT column_name AS column FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
      [schema, table],
    );
    const texts = columns
      .map((c) => `"${c.column.replace(/"/g, '""')}"::text AS "${c.column.replace(/"/g, '""')}"`)
      .join(', ');
    const all: Record<string, string | null>[] = await dataSource.query(
      `SELECT ${texts} FROM ${name}`,
    );
    rows += all.length;
    for (const row of all)
      for (const [column, value] of Object.entries(row))
        if (value !== null)
          findings.push(
            ...search(Buffer.from(value), needles, `table ${schema}.${table}.${column}`),
          );
  }
  return { findings, rows, tables: tables.length };
}

/** Each text the fake Slack workspace holds. */
export function scanTexts(
  texts: readonly { where: string; text: string }[],
  needles: readonly Needle[],
): Finding[] {
  return texts.flatMap(({ where, text }) => search(Buffer.from(text), needles, where));
}
