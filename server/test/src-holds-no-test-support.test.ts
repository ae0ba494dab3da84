import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `server/src` is the product: tests sit beside their module as `*.test.ts`, and everything else they need
 * (helpers, seeds, stand-ins, sample files) lives in `server/test` (issue 43). A helper left in src ships
 * with the product, and one that imports vitest or server/test breaks the build that leaves tests out.
 */
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(SERVER, 'src');
const TEST = path.join(SERVER, 'test');
// The process and the secrets rotation (`npm start`, `npm run secrets:rotate`): every other file of src is
// reached from one of them, or only tests use it.
const ENTRY_POINTS = ['main.ts', 'rotate-secrets.ts'].map((f) => path.join(SRC, f));
// Names the project gives test support: test-*.ts, *-seed.ts, fake-*.ts, *-stand-in.ts.
const SUPPORT_NAME = /^(test|fake|mock)-|-(seed|stand-in|fixtures?)\.ts$/;

const isTest = (file: string) => file.endsWith('.test.ts');
const productFiles = () =>
  fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.[cm]?ts$/.test(f) && !isTest(f))
    .map((f) => path.join(SRC, f));

/** What a file imports, as written: static imports and re-exports, `import()` and `import '…'`. */
const specifiersOf = (text: string) =>
  ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);

/** Why a file of src that is not a test breaks the rule, from what it imports; empty when it does not. */
function importOffences(file: string, text: string) {
  const offences: string[] = [];
  for (const spec of specifiersOf(text)) {
    if (/^(vitest($|\/)|@vitest\/)/.test(spec)) offences.push(`imports ${spec}`);
    const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
    if (target && !path.relative(TEST, target).startsWith('..'))
      offences.push(`imports server/test (${spec})`);
  }
  return offences;
}

/** The files of src reached through relative imports from the entry points. */
function reachedFromEntryPoints() {
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file) || !fs.existsSync(file)) return;
    reached.add(file);
    for (const spec of specifiersOf(fs.readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
    }
  };
  ENTRY_POINTS.forEach(visit);
  return reached;
}

describe('server/src holds no test support', () => {
  const files = productFiles();
  const rel = (f: string) => path.relative(SERVER, f);

  it('finds the product files (the walk is not empty)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.map(rel)).toContain('src/main.ts');
  });

  it('no file but a *.test.ts imports vitest or server/test', () => {
    const found = files.flatMap((f) =>
      importOffences(f, fs.readFileSync(f, 'utf8')).map((why) => `${rel(f)} ${why}`),
    );
    expect(found, 'move test support to server/test').toEqual([]);
  });

  it('no file is named as test support', () => {
    const found = files.map(rel).filter((f) => SUPPORT_NAME.test(path.basename(f)));
    expect(found, 'move test support to server/test').toEqual([]);
  });

  it('every file is reached from the process, not from tests only', () => {
    const reached = reachedFromEntryPoints();
    const found = files.filter((f) => !reached.has(f)).map(rel);
    expect(found, 'only tests import these: move them to server/test (or delete dead code)').toEqual([]);
  });

  // The checks above pass on an empty answer, so they are shown to catch each kind of offence.
  it('catches each kind of import it looks for', () => {
    const file = path.join(SRC, 'modules', 'x', 'service.ts');
    expect(importOffences(file, "import { it } from 'vitest';")).toEqual(['imports vitest']);
    expect(importOffences(file, "import { x } from '@vitest/expect';")).toEqual(['imports @vitest/expect']);
    expect(importOffences(file, "export { call } from '../../../test/app.ts';")).toHaveLength(1);
    expect(importOffences(file, "const m = await import('../../../test/db.ts');")).toHaveLength(1);
    expect(importOffences(file, "import { ok } from '../../http/envelope.ts';")).toEqual([]);
    expect(['test-tenants.ts', 'isolation-seed.ts', 'fake-llm.ts'].every((n) => SUPPORT_NAME.test(n))).toBe(
      true,
    );
    expect(['tests.ts', 'latest-seen.ts', 'contest.ts'].some((n) => SUPPORT_NAME.test(n))).toBe(false);
  });
});
