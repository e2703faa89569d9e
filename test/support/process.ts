// Runs the real `roadrisk` binary for end-to-end tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { SOURCE_DATA } from './test-app.ts';

export const BIN = resolve(import.meta.dirname, '../../bin/roadrisk.js');

export function cliEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ROADRISK_DATA_DIR: dataDir, ROADRISK_SOURCE_DATA: SOURCE_DATA, ROADRISK_LOG_LEVEL: 'warn', ...extra };
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, input?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { env, input, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Starts `roadrisk serve` on a free port and resolves once it listens. A data dir seeded from the
 * test fixture starts in seconds; a fresh one first imports the public data (FARS .bz2 files) and
 * builds every index, which takes minutes on a busy 2-core machine: give that one a longer wait.
 */
export async function startServe(env: NodeJS.ProcessEnv, startTimeoutMs = 60_000): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve'], { env: { ...env, ROADRISK_PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${startTimeoutMs} ms: ${stderr}`));
    }, startTimeoutMs);
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  child.stdout!.resume();
  return { child, url, stderr: () => stderr };
}
