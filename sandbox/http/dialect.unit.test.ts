import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { alternateReply } from './dialect.ts';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const read = (reply: { raw?: Buffer | Readable }) => JSON.parse((reply.raw as Buffer).toString('utf8')) as Record<string, unknown>;

describe('the alternate dialect', () => {
  it('answers errors as problem+json, keeping only the codes the spec names', () => {
    const named = alternateReply(
      { status: 409, body: { error: { code: 'WORKFLOW_IN_USE', message: 'In use.', details: [{ path: 'requests.0', message: 'draft', id: 'apr_1' }], request_id: 'req_1' } } },
      NOW,
    );
    expect(named.contentType).toBe('application/problem+json');
    expect(read(named)).toEqual({
      type: 'https://problems.signing.example/workflow-in-use',
      title: 'workflow in use',
      status: 409,
      detail: 'In use.',
      code: 'WORKFLOW_IN_USE',
      instance: 'urn:request:req_1',
      errors: [{ pointer: '/requests/0', detail: 'draft', id: 'apr_1' }],
    });
    const other = read(alternateReply({ status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'Stale.' } } }, NOW));
    expect(other).toMatchObject({ type: 'about:blank', status: 409, detail: 'Stale.' });
    expect(JSON.stringify(other)).not.toContain('VERSION_CONFLICT');
  });

  it('says Retry-After as an HTTP date on its own clock', () => {
    const r = alternateReply({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Slow down.' } }, headers: { 'Retry-After': '3' } }, NOW);
    expect(r.headers).toEqual({ 'Retry-After': 'Mon, 23 Nov 2026 10:00:03 GMT' });
  });

  it('adds a field the spec does not name to every API object, not to the caller’s own maps', () => {
    const r = read(
      alternateReply({ status: 200, raw: Buffer.from(JSON.stringify({ data: [{ id: 'a', form_data: { x: 1 }, recipients: [{ email: 'e' }] }], page: 1 })), contentType: 'application/json' }, NOW),
    );
    expect(r).toEqual({
      data: [{ id: 'a', form_data: { x: 1 }, recipients: [{ email: 'e', x_alt_trace: { dialect: 'alternate' } }], x_alt_trace: { dialect: 'alternate' } }],
      page: 1,
      x_alt_trace: { dialect: 'alternate' },
    });
  });

  it('leaves PDFs and empty answers alone', () => {
    const pdf = Buffer.from('%PDF-1.7');
    expect(alternateReply({ status: 200, raw: pdf, contentType: 'application/pdf' }, NOW).raw).toBe(pdf);
    expect(alternateReply({ status: 204 }, NOW)).toEqual({ status: 204, headers: {} });
  });

  it('renames or drops the preview fields the spec does not name, keeping the receipt, version and prepared_pdf', () => {
    const preview = {
      preview_token: 'pvt_1',
      template_id: 'dst_nda',
      version: 'dstv_1',
      version_number: 2,
      expires_at: '2026-11-23T10:10:00Z',
      prepared_pdf: { page_count: 3, size_bytes: 7000, sha256: 'ab'.repeat(32) },
      pdf_url_is_source: false,
    };
    const r = read(alternateReply({ status: 200, body: preview }, NOW, 'POST', '/api/v1/signature-packages/preview'));
    expect(r).toEqual({
      preview_token: 'pvt_1',
      version: 'dstv_1',
      prepared_pdf: { pages: 3, bytes: 7000, checksum: `sha256:${'ab'.repeat(32)}`, x_alt_trace: { dialect: 'alternate' } },
      pdf_url_is_source: false,
      x_alt_trace: { dialect: 'alternate' },
    });
  });
});
