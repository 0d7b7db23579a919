import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@/lib/roles';
import { arrivals } from '../console/console-fixtures';
import { startTestConsole, type TestConsole } from '../console/harness';

// Every page checks its own permission on the server. A layout's check is not enough: Next
// renders the page beside its layout and serialises the page's output (props included) into
// the flight data of the HTML, whatever the layout returned.
let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

// [role without the permission, page, something only the page itself would render]
const REFUSED: [Role, string, string][] = [
  ['operator', '/packages', 'Documents sent for signature'],
  ['operator', '/packages/pkg_probe', 'justSent'],
  ['viewer', '/packages/new', 'Fill in a document-sign template'],
  ['viewer', '/packages/drafts', 'Packages you saved before sending'],
  ['operator', '/packages/recipients', 'as the senders typed them'],
  ['viewer', '/packages/bulk', 'Batches of packages from a spreadsheet'],
  ['operator', '/packages/bulk/new', 'One package per spreadsheet row'],
  ['operator', '/packages/bulk/blk_probe', 'Review each package, then confirm'],
  ['sender', '/documents', 'canWrite'],
  ['sender', '/documents/doc_probe', 'canWrite'],
  ['viewer', '/documents/doc_probe/editor', 'documentId'],
  ['sender', '/approvals', 'Requests submitted to approval workflows'],
  ['sender', '/approvals/ar_probe', 'canWrite'],
  ['viewer', '/approvals/new', 'initialWorkflowId'],
  ['viewer', '/admin/users', 'Console accounts and their roles'],
  ['operator', '/admin/teams', 'A membership from the identity provider'],
  ['operator', '/admin/audit', 'Who did what through the console'],
  ['viewer', '/admin/jobs', 'What the console does on its own'],
  ['sender', '/admin/sandbox', 'Play the world an API key cannot reach'],
];

describe('pages', () => {
  it.each(REFUSED)('as %s, %s shows the refusal and nothing of the page', async (role, path, marker) => {
    const reply = await c.call('GET', path, { cookie: c.cookies[role] });
    const html = reply.bytes.toString('utf8');
    expect(reply.status).toBe(200);
    expect(html).toContain('is not available to your role');
    expect(html).not.toContain(marker);
  });

  it('render for a role that has the permission (the markers are real)', async () => {
    for (const [, path, marker] of REFUSED.filter(([, p]) => !p.includes('_probe') && !p.endsWith('/new'))) {
      const html = (await c.call('GET', path, { cookie: c.cookies.admin })).bytes.toString('utf8');
      expect(html, path).toContain(marker);
    }
  });
});

describe('page titles', () => {
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  it('come in the head, ahead of the page, for a browser (no tab left untitled while metadata streams)', async () => {
    for (const [, path] of REFUSED.filter(([, p]) => !p.includes('_probe') && !p.endsWith('/new'))) {
      const html = (await c.call('GET', path, { cookie: c.cookies.admin, headers: { 'user-agent': CHROME } })).bytes.toString('utf8');
      const title = /<title>([^<]+)<\/title>/.exec(html);
      expect(title?.[1]?.trim(), path).toMatch(/Signdesk/);
      expect(title!.index, path).toBeLessThan(html.indexOf('</head>'));
      expect(html.indexOf('</head>'), path).toBeLessThan(html.indexOf('<main'));
    }
  });
});

describe('the document viewer route', () => {
  it('has no GET: reading a PDF may open an editor session, so only a same-origin POST does', async () => {
    const before = arrivals(c);
    const get = await c.call('GET', '/api/documents/doc_probe/content', { cookie: c.cookies.viewer });
    expect(get.status).toBe(405);
    const crossSite = await c.call('POST', '/api/documents/doc_probe/content', {
      cookie: c.cookies.viewer,
      origin: 'https://attacker.example',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(arrivals(c)).toBe(before);
  });
});
