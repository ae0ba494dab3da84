import fs from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a folder of this repository, Node itself, or V8's own buckets. */
function areaOf(frame: CallFrame) {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('node:')) return 'node core';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 14).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = url.match(/\/(server|contract)\/src\/(.*)$/);
  if (src) {
    const parts = src[2]!.split('/');
    return `${src[1]}/src/${parts.length > 2 ? parts.slice(0, 2).join('/') : parts.join('/')}`;
  }
  return url.replace(/^file:\/\//, '');
}

const frameKey = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.replace(/^.*\/(node_modules|server|contract|bench)\//, '$1/')}:${f.lineNumber + 1}` : ''}`.trim();

/** Self time by area, and inclusive time by function (each function counted once per sampled stack). */
export function summarizeProfile(file: string) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const selfByArea = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idle += dt;
      return;
    }
    total += dt;
    const area = areaOf(node.callFrame);
    selfByArea.set(area, (selfByArea.get(area) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      if (!f.url) continue;
      const key = frameKey(f);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => ({ name: k, ms: Math.round(v / 1000), share: v / Math.max(total, 1) }));
  return {
    busyMs: Math.round(total / 1000),
    idleMs: Math.round(idle / 1000),
    areas: top(selfByArea, 25),
    functions: top(inclusive, 40),
  };
}

/** Each scenario's folder holds one profile per thread; the busiest one is the server's main thread. */
function mainThreadProfiles(dir: string) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const files = fs
        .readdirSync(path.join(dir, d.name))
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(dir, d.name, f));
      const biggest = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
      return biggest ? { label: d.name, file: biggest } : null;
    })
    .filter((x) => x !== null)
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function summarizeProfiles(dir: string) {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const out = [
    '# CPU profiles of the servers under load',
    '',
    'On an oversubscribed machine a thread preempted right after waking PostgreSQL (a socket write) is sampled in that write: read `(native)` time under `writev` as time PostgreSQL ran, not Node work.',
    '',
  ];
  for (const { label, file } of mainThreadProfiles(dir)) {
    const s = summarizeProfile(file);
    out.push(
      `## ${label}`,
      '',
      `\`${path.relative(dir, file)}\`: busy ${s.busyMs} ms, idle ${s.idleMs} ms (start-up, warm-up and shutdown included)`,
      '',
    );
    out.push('Self time by area:', '', '| area | ms | share |', '|---|---:|---:|');
    for (const a of s.areas) out.push(`| ${a.name} | ${a.ms} | ${pct(a.share)} |`);
    out.push(
      '',
      'Inclusive time by function (JavaScript frames):',
      '',
      '| function | ms | share |',
      '|---|---:|---:|',
    );
    for (const fn of s.functions) out.push(`| \`${fn.name}\` | ${fn.ms} | ${pct(fn.share)} |`);
    out.push('');
  }
  return out.join('\n');
}
