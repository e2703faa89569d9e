#!/usr/bin/env node
// The package's `bin`. Runs dist/roadrisk.mjs (the esbuild bundle of src/, scripts/build.mjs) when
// it was built from the sources as they are now, and otherwise the TypeScript sources through tsx's
// loader, so a clone runs without a build step and an edited checkout never runs stale code.
// ROADRISK_RUN_SOURCES=1 forces the sources. See docs/operations.md "How a process runs".
import { BUNDLE, bundleIsCurrent } from '../scripts/source-manifest.mjs';
import { pathToFileURL } from 'node:url';

if (process.env.ROADRISK_RUN_SOURCES !== '1' && bundleIsCurrent()) {
  await import(pathToFileURL(BUNDLE).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
