import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Marked, type Tokens } from 'marked';
import { HELP_GUIDES, headingId, type HelpGuide } from '@/lib/help/help-topics';

// The user guide is Markdown under docs/using/, read on GitHub as it is and served here as HTML
// by the console itself (a closed network reaches no documentation site). Rendered on the
// server, so the Markdown reader is in no page's bundle. Its text is the repository's own.

const GUIDE_DIR = join(process.cwd(), 'docs', 'using');
const IMAGES = '../../public/docs/';

/** Where a link of a guide leads in the console: another guide at /help, a file of the repository nowhere. */
function consoleHref(href: string): string | null {
  if (/^(https?:|mailto:|#)/.test(href)) return href;
  const [path, hash] = href.split('#');
  const guide = Object.entries(HELP_GUIDES).find(([, g]) => g.file === path)?.[0];
  if (guide) return `${guide === 'index' ? '/help' : `/help/${guide}`}${hash ? `#${hash}` : ''}`;
  return null;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }: Tokens.Heading) {
      const inner = this.parser.parseInline(tokens);
      return `<h${depth} id="${headingId(inner)}">${inner}</h${depth}>\n`;
    },
    image({ href, text }: Tokens.Image) {
      const src = href.startsWith(IMAGES) ? `/docs/${href.slice(IMAGES.length)}` : href;
      return `<img src="${escape(src)}" alt="${escape(text)}" width="1360" loading="lazy">`;
    },
    link({ href, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const target = consoleHref(href);
      return target ? `<a href="${escape(target)}">${inner}</a>` : `<span>${inner}</span>`;
    },
    // Comments (the generator's notes) and any raw HTML stay out of the page.
    html() {
      return '';
    },
  },
});

/** The guide as HTML, or null for a name that is no guide. */
export async function renderGuide(name: string): Promise<{ title: string; html: string } | null> {
  if (!Object.hasOwn(HELP_GUIDES, name)) return null;
  const guide = HELP_GUIDES[name as HelpGuide];
  const text = await readFile(join(GUIDE_DIR, guide.file), 'utf8');
  return { title: guide.title, html: await marked.parse(text) };
}
