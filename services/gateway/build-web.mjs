// Bundles the gateway's web pages (src/web/client/<page>/main.ts, typed TypeScript modules) into
// dist/web/<page>.js with esbuild: part of `npm run build`, after tsc. The bundles hold their
// libraries (FormatJS, Observable Plot): the pages load nothing from elsewhere.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
export const WEB_PAGES = ['chat', 'admin', 'gaps', 'dashboard', 'conversations', 'trace'];

const result = await build({
  absWorkingDir: here,
  entryPoints: Object.fromEntries(
    WEB_PAGES.map((page) => [page, `src/web/client/${page}/main.ts`]),
  ),
  outdir: 'dist/web',
  bundle: true,
  format: 'esm',
  target: ['es2022', 'chrome111', 'firefox113', 'safari16'],
  minify: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  metafile: true,
  logLevel: 'warning',
});
for (const [file, { bytes }] of Object.entries(result.metafile.outputs))
  if (file.endsWith('.js')) console.log(`web: ${file} ${(bytes / 1024).toFixed(0)} KiB`);
