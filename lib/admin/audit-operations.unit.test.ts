import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ARCHIVABLE_KINDS, archiveOf } from '../catalog/kinds.ts';
import { AUDIT_OPERATION_LABELS, operationLabel } from './audit-operations.ts';

// Every operation the console records must have a label, or the audit log shows a bare
// identifier. The operations are read from the code that records them: every `operation:`
// given as a string in app/, server/ and scripts/ (route audit specs, recordAudit calls, the
// user-change entries). A template such as `${o.audited}.create` is expanded from the values
// its parameter is given elsewhere; a template this test cannot expand fails it, so a new way
// of naming operations cannot slip past unlabelled.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Source {
  path: string;
  text: string;
}

function sources(dir: string): Source[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));
}

const captures = (files: Source[], pattern: RegExp) => files.flatMap((f) => [...f.text.matchAll(pattern)].map((m) => m[1]!));

/** Where the value of each template parameter comes from. */
const PARAMETERS: Record<string, (files: Source[]) => string[]> = {
  // draftRoutes({ audited: 'package_draft', ... }) in server/<kind>-drafts/
  'o.audited': (files) => captures(files, /\baudited:\s*'([a-z_]+)'/g),
  // catalogArchive(kind) in server/http/catalog-routes.ts: each archivable kind's audit target
  targetType: () => ARCHIVABLE_KINDS.map((kind) => archiveOf(kind).auditTarget),
};

/** Each operation recorded in `files`, with the files that record it; `unexpanded` lists templates no parameter rule covers. */
function recordedOperations(files: Source[]) {
  const found = new Map<string, Set<string>>();
  const unexpanded: string[] = [];
  const add = (operation: string, path: string) => found.set(operation, (found.get(operation) ?? new Set()).add(path));
  for (const file of files) {
    for (const [, , literal] of file.text.matchAll(/\boperation:\s*(['"`])((?:(?!\1)[^\\\n])*)\1/g)) {
      const template = /^\$\{([^}]+)\}(\.[a-z_]+)$/.exec(literal!);
      if (!literal!.includes('${')) add(literal!, file.path);
      else if (template && PARAMETERS[template[1]!]) {
        const values = PARAMETERS[template[1]!]!(files);
        if (values.length === 0) unexpanded.push(`${file.path}: ${literal} (no values found)`);
        for (const value of values) add(`${value}${template[2]}`, file.path);
      } else unexpanded.push(`${file.path}: ${literal}`);
    }
  }
  return { found, unexpanded };
}

describe('audit operation labels', () => {
  const files = ['app', 'server', 'scripts'].flatMap(sources);
  const { found, unexpanded } = recordedOperations(files);

  it('finds the operations the console records, templates included', () => {
    expect(unexpanded).toEqual([]);
    // A reading that found little would pass the label check for nothing.
    for (const operation of [
      'auth.sign_in',
      'package.send',
      'user.roles_change',
      'user.disable',
      'user.enable',
      'workflow.archive',
      'package_draft.create',
      'request_draft.delete',
    ]) {
      expect([...found.keys()], operation).toContain(operation);
    }
    expect(found.size).toBeGreaterThan(25);
  });

  it('has a label for every operation recorded in app/, server/ and scripts/', () => {
    const missing = [...found]
      .filter(([operation]) => !operationLabel(operation))
      .map(([operation, paths]) => `${operation} (${[...paths].join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('labels the operations being added elsewhere, and those only older entries carry', () => {
    for (const operation of ['request_draft.create', 'request_draft.delete', 'sandbox.sign_template', 'user.update']) {
      expect(operationLabel(operation), operation).toMatch(/^[A-Z]/);
    }
  });

  it('reports an operation without a label, and a template it cannot expand', () => {
    const fixture: Source[] = [
      {
        path: 'app/api/x/route.ts',
        text: `audit: { operation: 'package.send', targetType: 'x' },\n  audit: {\n    operation: "widget.polish",\n  }`,
      },
      {
        path: 'server/y.ts',
        text: "recordAudit(conn, { operation: `${kind}.archive` });\nconst t = { operation: `${o.audited}.create` };\nconst u = { audited: 'gadget' };",
      },
    ];
    const { found: ops, unexpanded: open } = recordedOperations(fixture);
    expect([...ops.keys()]).toEqual(['package.send', 'widget.polish', 'gadget.create']);
    expect([...ops.keys()].filter((op) => !operationLabel(op))).toEqual(['widget.polish', 'gadget.create']);
    expect(open).toEqual(['server/y.ts: ${kind}.archive']);
  });

  it('says nothing for an unknown operation, so the identifier stands alone', () => {
    expect(operationLabel('toString')).toBeUndefined();
    expect(operationLabel('widget.polish')).toBeUndefined();
    expect(operationLabel('package.send')).toBe('Sent a package');
    expect(Object.values(AUDIT_OPERATION_LABELS).every((label) => !/[a-z]+\.[a-z_]+/.test(label))).toBe(true);
  });
});
