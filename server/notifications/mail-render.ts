import 'server-only';

// A notification as an e-mail: a plain-text part and an HTML part saying the same, with a link to
// its page at the console's public address. Only the notification's own words go in (never a
// receipt, key or password), escaped for HTML.

export interface MailedNotification {
  id: string;
  title: string;
  body: string;
  href: string;
}

/** The page that stops this kind by e-mail (unsubscribe-links.ts), and the kind's name. */
export interface MailUnsubscribe {
  page: string;
  label: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `publicUrl`: CONSOLE_PUBLIC_URL, the console as people's browsers reach it. */
export function renderMail(n: MailedNotification, publicUrl: string, unsubscribe: MailUnsubscribe): RenderedMail {
  const link = new URL(n.href, `${publicUrl.replace(/\/+$/, '')}/`).toString();
  const preferences = new URL('/account/notifications', `${publicUrl.replace(/\/+$/, '')}/`).toString();
  const subject = `Signdesk: ${n.title}`.replace(/[\r\n]+/g, ' ');
  const text = `${n.body}\n\nOpen it in Signdesk: ${link}\n\nYou get this because it happened to something you sent or submitted in Signdesk.\nStop e-mail of "${unsubscribe.label}": ${unsubscribe.page}\nAll your notification settings: ${preferences}\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937;background:#f9fafb">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:20px">
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(n.title)}</h1>
<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(n.body)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px">Open in Signdesk</a></p>
<p style="font-size:12px;color:#4b5563;margin:0">You get this because it happened to something you sent or submitted in Signdesk.
<a href="${escapeHtml(unsubscribe.page)}" style="color:#1d4ed8">Stop e-mail of “${escapeHtml(unsubscribe.label)}”</a> · <a href="${escapeHtml(preferences)}" style="color:#1d4ed8">Notification settings</a></p>
</div></body></html>
`;
  return { subject, text, html };
}
