import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `server/src/modules` stands in bands, lowest first, each importing only bands below it and itself
 * (issue 43, ARCHITECTURE.md "Bands"). Derived features and edges share a rank but never import each other.
 * Biome's `noRestrictedImports` overrides say the same per folder as one edits; this test also sees the
 * folders outside modules and every circle between files.
 *
 * Only product files count: a test may import across bands to set its scene. Type-only imports count too,
 * since a type imported upward still ties the lower module to the higher one's shape.
 */
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(SERVER, 'src');

const KERNEL = ['access', 'events', 'activities', 'attachments', 'health'];
const DOMAIN = [
  'conversations',
  'customers',
  'companies',
  'users',
  'memberships',
  'apps',
  'queues',
  'auth',
  'console-attachments',
  'canned-replies',
  'labels',
  'csat',
];
const DERIVED = ['reporting', 'billing', 'ai', 'auto-responders', 'notifications', 'sla'];
const EDGES = ['channels', 'integrations', 'widget', 'portal', 'api-keys', 'secure-link'];
const TOP = ['platform-admin'];

type Band = { rank: number; name: string };
const bandOfModule = new Map<string, Band>([
  ...KERNEL.map((m) => [m, { rank: 1, name: 'kernel' }] as const),
  ...DOMAIN.map((m) => [m, { rank: 2, name: 'domain' }] as const),
  ...DERIVED.map((m) => [m, { rank: 3, name: 'derived' }] as const),
  ...EDGES.map((m) => [m, { rank: 3, name: 'edge' }] as const),
  ...TOP.map((m) => [m, { rank: 4, name: 'top' }] as const),
]);
// The folders around modules: the infrastructure every module stands on (rank 0, importing no module), and
// what assembles the process (the route registry, plugins, bootstrap, app.ts, main.ts), above every band.
const INFRA = ['db', 'jobs', 'lib', 'http', 'config.ts', 'log-options.ts'];
const ASSEMBLY = ['plugins', 'bootstrap', 'app.ts', 'main.ts', 'rotate-secrets.ts', 'modules/index.ts'];

/** The unit a file belongs to: `modules/<name>` or a top folder (or file) of src. */
function unitOf(file: string) {
  const [top = '', name = '', ...rest] = path.relative(SRC, file).split(path.sep);
  if (top === 'modules') return rest.length > 0 ? `modules/${name}` : 'modules/index.ts';
  return top;
}

function bandOf(unit: string): Band {
  if (unit.startsWith('modules/') && unit !== 'modules/index.ts') {
    const band = bandOfModule.get(unit.slice('modules/'.length));
    if (!band) throw new Error(`${unit} has no band: add it to module-bands.test.ts and ARCHITECTURE.md`);
    return band;
  }
  if (INFRA.includes(unit)) return { rank: 0, name: 'infrastructure' };
  if (ASSEMBLY.includes(unit)) return { rank: 5, name: 'assembly' };
  throw new Error(`${unit} is neither infrastructure nor assembly: place it in module-bands.test.ts`);
}

/** Why `from` may not import `to`, or null when it may. */
function offence(from: string, to: string): string | null {
  const a = unitOf(from);
  const b = unitOf(to);
  if (a === b) return null;
  const [fa, fb] = [bandOf(a), bandOf(b)];
  // Infrastructure folders lean on each other freely (the circles test keeps them acyclic).
  if (fa.rank === 0 && fb.rank === 0) return null;
  if (fb.rank > fa.rank) return `${fa.name} ${a} imports ${fb.name} ${b}`;
  if (fa.rank === 3 && fb.rank === 3 && fa.name !== fb.name) return `${fa.name} ${a} imports ${fb.name} ${b}`;
  return null;
}

const productFiles = () =>
  fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.[cm]?ts$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => path.join(SRC, f));

/** The files of src a file imports (relative specifiers, static and dynamic, type-only included). */
function importsOf(file: string) {
  return ts
    .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec))
    .filter((target) => !path.relative(SRC, target).startsWith('..'));
}

/** The strongly connected components of more than one file (Tarjan), each sorted. */
function circles(graph: Map<string, string[]>) {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('server/src modules stand in bands', () => {
  const files = productFiles();
  const rel = (f: string) => path.relative(SRC, f);
  const graph = new Map(files.map((f) => [f, importsOf(f)]));

  it('finds the product files and their imports (the walk is not empty)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(path.join(SRC, 'app.ts'))?.length).toBeGreaterThan(5);
  });

  it('every module has a band', () => {
    const modules = fs
      .readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(modules.filter((m) => !bandOfModule.has(m))).toEqual([]);
  });

  it('no file imports a band above its own, nor across derived and edges', () => {
    const found = files.flatMap((f) =>
      graph.get(f)!.flatMap((to) => {
        const why = offence(f, to);
        return why ? [`${rel(f)} -> ${rel(to)}: ${why}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('no circle among the files of server/src', () => {
    expect(circles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  // The checks above pass on an empty answer, so they are shown to catch each kind of offence.
  it('catches an upward import, a derived-edge import and a circle', () => {
    const m = (p: string) => path.join(SRC, 'modules', p);
    expect(offence(m('access/x.ts'), m('conversations/y.ts'))).toMatch(/kernel .* domain/);
    expect(offence(m('apps/x.ts'), m('reporting/y.ts'))).toMatch(/domain .* derived/);
    expect(offence(m('secure-link/x.ts'), m('ai/y.ts'))).toMatch(/edge .* derived/);
    expect(offence(m('reporting/x.ts'), m('portal/y.ts'))).toMatch(/derived .* edge/);
    expect(offence(path.join(SRC, 'db/client.ts'), m('events/y.ts'))).toMatch(/infrastructure/);
    expect(offence(m('portal/x.ts'), m('conversations/y.ts'))).toBeNull();
    expect(offence(m('index.ts'), m('platform-admin/routes.ts'))).toBeNull();
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(g)).toEqual([['a', 'b', 'c']]);
  });
});
