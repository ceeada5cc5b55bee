// `yaml` in tests: the package itself, but `parse(text)` parses each text once per worker process.
// The libraries read their word lists and language packs (YAML data files) when a module loads,
// and every suite loads its modules afresh: parsing them again was about 0.4 s of each suite that
// touches text. A text's later parses return a copy of its first result (JSON, in the suite's own
// realm), only when that copy is exactly equal to it; parse errors and calls with options or a
// reviver go to the package every time.
import { isDeepStrictEqual } from 'node:util';
import * as yaml from './node_modules/yaml/dist/index.js';

export * from './node_modules/yaml/dist/index.js';

// The worker's Map (jest.environment.js), made in another realm than this suite's: not `instanceof Map`.
const memo = globalThis.__parsedYaml;

export function parse(text, ...rest) {
  if (rest.length > 0 || typeof text !== 'string' || memo === undefined) {
    return yaml.parse(text, ...rest);
  }
  const json = memo.get(text);
  if (typeof json === 'string') return JSON.parse(json);
  const value = yaml.parse(text);
  if (json === undefined) {
    const copy = JSON.stringify(value);
    memo.set(text, copy !== undefined && isDeepStrictEqual(JSON.parse(copy), value) ? copy : null);
  }
  return value;
}
