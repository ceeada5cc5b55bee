import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import '../index.js';
import { buildAsyncApiDocument } from './build-asyncapi.js';

/** `npm run asyncapi`: regenerates libs/contracts/asyncapi.yaml from the contract classes. */
export const ASYNCAPI_PATH = fileURLToPath(new URL('../../asyncapi.yaml', import.meta.url));

export function renderAsyncApi(): string {
  return stringify(buildAsyncApiDocument(), { lineWidth: 0 });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ASYNCAPI_PATH, renderAsyncApi());
  console.log(`wrote ${ASYNCAPI_PATH}`);
}
