import { createRequire } from 'node:module';
import type * as Usearch from 'usearch';

// usearch's ES module locates its native binary by parsing stack traces (`bindings`), which
// recurses forever under `node -e` and some loaders; its CommonJS build resolves from __dirname.
// The binary is the prebuilt one shipped in the package (`prebuilds/<platform>`): its install
// script is denied in the root package.json, so no machine ever compiles it.
export const usearch = createRequire(import.meta.url)('usearch') as typeof Usearch;
export type { Usearch };
