import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Stack } from './stack.ts';

// What the browser benches need to reach every page with a real id: a fresh sandbox has
// catalog items but no documents, packages or approval requests of this console, so one of
// each is made through the console's own API (as the browser would) before measuring.

const key = (what: string) => `bench-${what}-${randomBytes(12).toString('hex')}`;

async function call<T>(
  stack: Stack,
  cookie: string,
  method: 'GET' | 'POST',
  path: string,
  body?: BodyInit,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${stack.consoleUrl}${path}`, {
    method,
    headers: { cookie, origin: stack.consoleUrl, ...headers },
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const postJson = <T>(stack: Stack, cookie: string, path: string, body: unknown) =>
  call<T>(stack, cookie, 'POST', path, JSON.stringify(body), {
    'content-type': 'application/json',
    'idempotency-key': key('call'),
  });

export async function firstId(stack: Stack, cookie: string, path: string): Promise<string> {
  const page = await call<{ data: { id: string }[] }>(stack, cookie, 'GET', path);
  if (!page.data[0]) throw new Error(`${path} lists nothing`);
  return page.data[0].id;
}

/** A two-page PDF uploaded as an attachment, as the documents page would. */
export async function uploadedDocument(stack: Stack, cookie: string): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i++) pdf.addPage([612, 792]).drawText(`Bench page ${i}`, { x: 60, y: 700, size: 24, font });
  const file = Buffer.from(await pdf.save());
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logicalPurpose"\r\n\r\nATTACHMENT\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await call<{ id: string }>(stack, cookie, 'POST', '/api/documents', new Uint8Array(body), {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'idempotency-key': key('upload'),
  });
  return answer.id;
}

/** A submitted wf_access@2 request (one approval layer, no documents). */
export async function submittedRequest(stack: Stack, cookie: string): Promise<string> {
  const answer = await postJson<{ id: string }>(stack, cookie, '/api/approval-requests', {
    workflow_id: 'wf_access',
    workflow_release_id: 'wf_access@2',
    external_id: key('request'),
    form_data: { system: 'crm', access_level: 'read', justification: 'Page weight bench', access_until: '2030-12-31' },
    submit: true,
  });
  return answer.id;
}

/** An NDA previewed and sent, so the package detail has a package to show. */
export async function sentPackage(stack: Stack, cookie: string): Promise<string> {
  const preview = await postJson<{ preview_token: string }>(stack, cookie, '/api/packages/preview', NDA_PREVIEW);
  const sent = await postJson<{ id: string }>(stack, cookie, '/api/packages', {
    template_id: 'dst_nda',
    preview_token: preview.preview_token,
    confirmed: true,
  });
  return sent.id;
}

/** A valid preview of the seeded NDA template (sandbox/conformance/package-fixtures.ts ndaBody). */
export const NDA_PREVIEW = {
  template_id: 'dst_nda',
  expires_in_days: 14,
  sender_values: { counterparty_name: 'Globex Corporation', effective_date: '2026-11-01', governing_law: 'England and Wales' },
  signers: [
    { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
    { slot_id: 'counterparty_signer', name: 'Grace Hopper', email: 'grace@example.org', phone: '+442071234567' },
  ],
};
