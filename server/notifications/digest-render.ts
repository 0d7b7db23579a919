import 'server-only';
import { escapeHtml, type RenderedMail } from './mail-render';

// The daily digest as an e-mail: every notification it carries, oldest first, each with its link,
// and under them a link per kind listed that stops that kind by e-mail, and one that stops the
// digest as a whole (also the mail's List-Unsubscribe). Only the notifications' own words go in.

export interface DigestItem {
  title: string;
  body: string;
  href: string;
  created_at: string;
}

export interface DigestKindLink {
  label: string;
  page: string;
}

export interface DigestMail {
  items: DigestItem[];
  /** one per kind listed */
  kinds: DigestKindLink[];
  /** stops the whole digest */
  unsubscribePage: string;
  /** the person's local date the digest is of (YYYY-MM-DD) */
  localDate: string;
}

export function renderDigest(d: DigestMail, publicUrl: string): RenderedMail {
  const base = `${publicUrl.replace(/\/+$/, '')}/`;
  const link = (href: string) => new URL(href, base).toString();
  const preferences = link('/account/notifications');
  const count = `${d.items.length} notification${d.items.length === 1 ? '' : 's'}`;
  const subject = `Signdesk: your daily digest (${count})`;
  const text = [
    `Your Signdesk digest of ${d.localDate}: ${count}.`,
    '',
    ...d.items.flatMap((i) => [`* ${i.title}: ${i.body}`, `  ${link(i.href)}`]),
    '',
    'Stop e-mail of one kind:',
    ...d.kinds.map((k) => `  ${k.label}: ${k.page}`),
    `Stop the daily digest: ${d.unsubscribePage}`,
    `All your notification settings: ${preferences}`,
    '',
  ].join('\n');
  const rows = d.items
    .map(
      (i) => `<li style="padding:12px 0;border-top:1px solid #e5e7eb">
<p style="font-size:15px;font-weight:600;margin:0 0 4px">${escapeHtml(i.title)}</p>
<p style="font-size:14px;line-height:1.5;margin:0 0 6px;overflow-wrap:anywhere">${escapeHtml(i.body)}</p>
<a href="${escapeHtml(link(i.href))}" style="font-size:14px;color:#1d4ed8">Open in Signdesk</a></li>`,
    )
    .join('\n');
  const kinds = d.kinds
    .map((k) => `<a href="${escapeHtml(k.page)}" style="color:#1d4ed8">Stop e-mail of “${escapeHtml(k.label)}”</a>`)
    .join(' · ');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937;background:#f9fafb">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:20px">
<h1 style="font-size:18px;margin:0 0 4px">Your daily digest</h1>
<p style="font-size:14px;color:#4b5563;margin:0 0 12px">${escapeHtml(d.localDate)}: ${escapeHtml(count)}</p>
<ul style="list-style:none;margin:0 0 16px;padding:0">
${rows}
</ul>
<p style="font-size:12px;line-height:2;color:#4b5563;margin:0">${kinds}<br>
<a href="${escapeHtml(d.unsubscribePage)}" style="color:#1d4ed8">Stop the daily digest</a> · <a href="${escapeHtml(preferences)}" style="color:#1d4ed8">Notification settings</a></p>
</div></body></html>
`;
  return { subject, text, html };
}
