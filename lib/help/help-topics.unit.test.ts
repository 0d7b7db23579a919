import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_SCREENS } from '@/scripts/docs-screens';
import { HELP_GUIDES, HELP_TOPICS, headingId, helpHref } from './help-topics';

const ROOT = join(import.meta.dirname, '../..');
const GUIDES = join(ROOT, 'docs/using');
const guideText = (file: string) => readFileSync(join(GUIDES, file), 'utf8');
const headingIds = (file: string) => [...guideText(file).matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingId(m[1]!));

/** Every page of the console, as a path with `*` for each dynamic segment. */
function consolePages(): string[] {
  const base = join(ROOT, 'app/(console)');
  return (readdirSync(base, { recursive: true }) as string[])
    .filter((f) => f.endsWith('page.tsx'))
    .map((f) => {
      const parts = dirname(f)
        .split('/')
        .filter((p) => p !== '.')
        .map((p) => (p.startsWith('[') ? '*' : p));
      return `/${parts.join('/')}`;
    });
}

describe('help links', () => {
  it('lead every screen of the console to a section of the user guide', () => {
    const pages = consolePages().filter((p) => !p.startsWith('/help'));
    expect(pages.length).toBeGreaterThan(25);
    const withoutHelp = pages.filter((p) => helpHref(p.replaceAll('*', 'x_1')) === null);
    expect(withoutHelp).toEqual([]);
  });

  it('land on a heading that exists in their guide', () => {
    const missing = HELP_TOPICS.filter((t) => !headingIds(HELP_GUIDES[t.guide].file).includes(t.anchor));
    expect(missing).toEqual([]);
  });

  it('choose the most specific topic for a path', () => {
    expect(helpHref('/packages/pkg_1/sending-record')).toBe('/help/sender#the-sending-record');
    expect(helpHref('/packages/new')).toBe('/help/sender#send-a-package');
    expect(helpHref('/packages/pkg_1')).toBe('/help/sender#a-sent-package');
    expect(helpHref('/')).toBe('/help#home');
    expect(helpHref('/help/sender')).toBeNull();
  });

  it('give headings the ids GitHub gives them, so a link works there and here', () => {
    expect(headingId('The sending record')).toBe('the-sending-record');
    expect(headingId('Start-up: fail fast, say why')).toBe('start-up-fail-fast-say-why');
    expect(headingId('What the API cannot do')).toBe('what-the-api-cannot-do');
  });
});

describe('the guides', () => {
  const docs = (readdirSync(join(ROOT, 'docs'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f))
    .concat(join(ROOT, 'README.md'));

  it('are all served at /help', () => {
    const files = readdirSync(GUIDES).filter((f) => f.endsWith('.md'));
    expect(files.sort()).toEqual(
      Object.values(HELP_GUIDES)
        .map((g) => g.file)
        .sort(),
    );
  });

  it('name only images and files that exist, and anchors that exist in them', () => {
    const broken: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(doc, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const href = m[1]!;
        if (/^(https?:|mailto:)/.test(href)) continue;
        const [path, anchor] = href.split('#');
        const target = path ? resolve(dirname(doc), path) : doc;
        if (!existsSync(target)) broken.push(`${relative(ROOT, doc)}: ${href}`);
        else if (anchor && target.endsWith('.md')) {
          const ids = [...readFileSync(target, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((h) => headingId(h[1]!));
          if (!ids.includes(anchor)) broken.push(`${relative(ROOT, doc)}: ${href} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('show screenshots the screenshot script makes, and it makes only screenshots a guide shows', () => {
    const made = DOCS_SCREENS.map((s) => `${s.name}.png`);
    const shown = new Set(
      docs.flatMap((doc) => [...readFileSync(doc, 'utf8').matchAll(/\/docs\/screenshots\/([a-z0-9-]+\.png)/g)].map((m) => m[1]!)),
    );
    expect(made.length).toBeGreaterThan(5);
    expect([...shown].filter((f) => !made.includes(f))).toEqual([]);
    expect(made.filter((f) => !shown.has(f))).toEqual([]);
  });
});
