// The dashboard's CSS and scripts, read once from ./static and served by the app itself (no build
// step, no CDN). URLs carry a hash of the content, so the files can be cached for a year and a
// new version is still picked up at once.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface StaticAsset {
  body: string;
  contentType: string;
  hash: string;
}

const TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' };
const NAMES = ['dashboard.css', 'keys.js', 'explore.js'] as const;
export type AssetName = (typeof NAMES)[number];

function load(name: AssetName): StaticAsset {
  const body = readFileSync(new URL(`./static/${name}`, import.meta.url), 'utf8');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { body, contentType: TYPES[name.split('.').pop() as string], hash };
}

export const ASSETS: ReadonlyMap<string, StaticAsset> = new Map(NAMES.map((name) => [name, load(name)]));

export function assetUrl(name: AssetName): string {
  return `/dashboard/static/${name}?v=${ASSETS.get(name)!.hash}`;
}
