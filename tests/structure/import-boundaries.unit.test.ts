import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers hold because eslint.config.mjs says so: these lint snippets through the project's
 * own config, so a rule that is dropped, renamed or narrowed to miss a path fails here, not in
 * a review months later.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.fatal);
}

const ROUTE = 'app/api/packages/[id]/archive/route.ts';

describe('app/ reaches the Signing API only through a use case', () => {
  it.each([
    ["import { archivePackage } from '@/server/signing-api/packages';", ROUTE],
    ["import { apiNow } from '@/server/signing-api/client/upstream-clock';", ROUTE],
    ["import * as api from '@/server/signing-api';", ROUTE],
    ["import { archivePackage } from '../../../../../server/signing-api/packages';", ROUTE],
    ["import { heldFor } from '../../../server/signing-api/client/upstream-budget';", 'app/api/queue/route.ts'],
    ["import { apiNow } from '@/server/signing-api/client/upstream-clock';", 'app/(console)/page.tsx'],
    ["export { getPackage } from '@/server/signing-api/packages';", ROUTE],
  ])('refuses %s in %s', async (code, file) => {
    const messages = await restrictedImports(`${code}\nexport const x = 1;\n`, file);
    expect(messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    expect(messages[0]?.message).toMatch(/use case/);
  });

  it('lets a route import a use case and the route wrapper', async () => {
    const code = [
      "import { handler } from '@/server/http/handler';",
      "import { archivePackage } from '@/server/packages/archive-package';",
      "export const POST = handler({ permission: 'packages:archive' }, () => archivePackage({ id: 'p', reason: 'r', idempotencyKey: 'k' }));",
      '',
    ].join('\n');
    expect(await restrictedImports(code, ROUTE)).toEqual([]);
  });
});

describe('browser code reaches no server-only module', () => {
  it.each([
    ["import { db } from '@/server/db';", 'components/home/home-view.tsx'],
    ["import { getPackage } from '../../server/signing-api/packages';", 'lib/packages/queries.ts'],
  ])('refuses %s in %s', async (code, file) => {
    const messages = await restrictedImports(`${code}\nexport const x = 1;\n`, file);
    expect(messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
  });
});
