// Builds dist/roadrisk.mjs: src/cli.ts and everything it imports compiled by esbuild into one ESM
// file run by plain `node` (no TypeScript loader at run time: about 40 MB less RSS and a faster
// start; docs/operations.md "How a process runs"). Dependencies stay external (node_modules).
// dist/manifest.json records the SHA-256 of the sources (source-manifest.mjs).
//
// Usage: node scripts/build.mjs [--if-stale]
//   --if-stale   do nothing when dist/ already holds a bundle of the current sources
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE, MANIFEST, ROOT, bundleIsCurrent, sourceHash } from './source-manifest.mjs';

const ifStale = process.argv.includes('--if-stale');
if (ifStale && bundleIsCurrent()) process.exit(0);

const started = performance.now();
const sources = sourceHash();

/**
 * The sources find files next to themselves through `import.meta.url` (config/plans.json, the
 * dashboard's static assets, createRequire for JSON data in packages). In one bundle every module
 * would share dist/'s URL, so each source file's own URL is written in its place.
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

mkdirSync(dirname(BUNDLE), { recursive: true });
const tmp = `${BUNDLE}.${process.pid}.tmp`;
await build({
  entryPoints: [join(ROOT, 'src', 'cli.ts')],
  outfile: tmp,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [ownUrl],
  banner: { js: '// Built by scripts/build.mjs from src/: do not edit.' },
});
// The source map is named after the temporary file: rename both and point the bundle at the map.
const code = readFileSync(tmp, 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '//# sourceMappingURL=roadrisk.mjs.map');
writeFileSync(tmp, code);
renameSync(`${tmp}.map`, `${BUNDLE}.map`);
renameSync(tmp, BUNDLE);
writeFileSync(MANIFEST, JSON.stringify({ sources, builtAt: new Date().toISOString() }, null, 2) + '\n');
process.stderr.write(`roadrisk: built ${BUNDLE.slice(ROOT.length + 1)} in ${Math.round(performance.now() - started)} ms\n`);
