// Summarizes a V8 .cpuprofile (node --cpu-prof): self time by function and by source file, and,
// when given a window, only the samples inside it. Profile timestamps are CLOCK_MONOTONIC µs (the
// clock of process.hrtime in any process), so a window measured by the client selects a phase.
// Usage: node --import tsx bench/telematics/end-to-end/profile-summary.ts FILE.cpuprofile [--top 25]
//          [--from-us T --to-us T]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileRow {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  byFunction: ProfileRow[];
  byFile: ProfileRow[];
}

function shortUrl(url: string): string {
  if (url === '') return '(native)';
  const i = url.indexOf('/src/');
  if (i >= 0) return url.slice(i + 1);
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) return url.slice(nm + 14).split('/').slice(0, url.slice(nm + 14).startsWith('@') ? 2 : 1).join('/');
  return url.replace(/^file:\/\//, '');
}

export function summarizeProfile(path: string, top = 25, fromUs = 0, toUs = Infinity): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  let total = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = profile.timeDeltas[i + 1] ?? 0; // a sample's time runs until the next sample
    if (t < fromUs || t > toUs) continue;
    const node = byId.get(profile.samples[i])!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    const where = shortUrl(url);
    const key = url ? `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}` : functionName || '(anonymous)';
    fn.set(key, (fn.get(key) ?? 0) + dt);
    const fileKey = url ? where : functionName;
    file.set(fileKey, (file.get(fileKey) ?? 0) + dt);
    total += dt;
  }
  const rows = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: us / total }));
  return { totalMs: Math.round(total / 1000), byFunction: rows(fn), byFile: rows(file) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '25' }, 'from-us': { type: 'string', default: '0' }, 'to-us': { type: 'string', default: 'Infinity' } },
  });
  const s = summarizeProfile(positionals[0], Number(values.top), Number(values['from-us']), Number(values['to-us']));
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`busy (non-idle) samples: ${s.totalMs} ms\n\nby function (self):`);
  for (const r of s.byFunction) console.log(`${String(r.ms).padStart(8)} ms ${pct(r.share).padStart(6)}  ${r.name}`);
  console.log('\nby file (self):');
  for (const r of s.byFile) console.log(`${String(r.ms).padStart(8)} ms ${pct(r.share).padStart(6)}  ${r.name}`);
}
