// A real roadrisk server and a real Chromium for the browser tests. The server runs in this
// process (so the test can flush usage and queue jobs through its services) on 127.0.0.1 with a
// free port, over a temporary data dir holding the prepared crash data; Chromium is Debian's,
// driven by playwright-core with a fresh profile. Without Chromium the tests are skipped, saying
// how to install it.
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { loadSettings } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { SOURCE_DATA } from '../support/test-app.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const BROWSER_SKIP = existsSync(CHROMIUM)
  ? false
  : `SKIPPED: no Chromium at ${CHROMIUM}; install it with \`apt-get install -y chromium\``;
export const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  server: RunningServer;
  url: string;
  context: BrowserContext;
  page: Page;
  /** Errors the page's scripts threw or logged (a CSP violation shows up here too). */
  pageErrors: string[];
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

function copyCrashFixture(dataDir: string): void {
  const fixture = process.env.ROADRISK_TEST_FIXTURE;
  if (!fixture || !existsSync(join(fixture, 'indexes'))) throw new Error('crash data fixture missing: run the tests with scripts/run-tests.mjs');
  if (existsSync(join(fixture, 'roadrisk.sqlite'))) copyFileSync(join(fixture, 'roadrisk.sqlite'), join(dataDir, 'roadrisk.sqlite'));
  cpSync(join(fixture, 'indexes'), join(dataDir, 'indexes'), { recursive: true });
}

async function startRoadrisk(dataDir: string, database: TestDatabase): Promise<RunningServer> {
  copyCrashFixture(dataDir);
  const settings = loadSettings({
    ROADRISK_DATA_DIR: dataDir,
    ROADRISK_SOURCE_DATA: SOURCE_DATA,
    ROADRISK_HOST: '127.0.0.1',
    ROADRISK_PORT: '0',
    ROADRISK_WORKERS: '0',
    ROADRISK_LOG_LEVEL: 'silent',
    ...(database.url ? { ROADRISK_DATABASE_URL: database.url } : {}),
  });
  return startServer(settings);
}

export async function openBrowserSession(): Promise<BrowserSession> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadrisk-browser-'));
  const profile = mkdtempSync(join(tmpdir(), 'roadrisk-chromium-'));
  const database = await createTestDatabase();
  const server = await startRoadrisk(dataDir, database);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1366, height: 900 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.address });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Error statuses the tests cause on purpose (the refused sign-in's 401) are logged as "Failed to
  // load resource"; anything else logged as an error (a CSP violation, a script fault) counts.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    server,
    url: server.address,
    context,
    page,
    pageErrors,
    screenshot: async (name) => {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close();
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
