import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { alternateReply } from './dialect.ts';
import { mapId, mapIds, mapIdsInString, standardUrl } from './dialect-ids.ts';

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
      version: 'DSTVER-1',
      prepared_pdf: { pages: 3, bytes: 7000, checksum: `sha256:${'ab'.repeat(32)}`, x_alt_trace: { dialect: 'alternate' } },
      pdf_url_is_source: false,
      x_alt_trace: { dialect: 'alternate' },
    });
  });
});

describe('the alternate dialect’s record fields', () => {
  it('says a document’s digest and a package’s sending time otherwise, wherever the record appears', () => {
    const doc = { id: 'doc_1', name: 'a.pdf', logical_purpose: 'ATTACHMENT', sha256: 'ab' };
    const list = read(alternateReply({ status: 200, body: { data: [doc], pagination: { page: 1 } } }, NOW, 'GET', '/api/v1/documents'));
    expect(list.data).toEqual([{ id: 'DOCF-1', name: 'a.pdf', logical_purpose: 'ATTACHMENT', checksum: 'sha256:ab', x_alt_trace: { dialect: 'alternate' } }]);
    const pkg = read(alternateReply({ status: 201, body: { id: 'pkg_1', invitation_status: 'queued', sent_at: '2026-11-23T10:00:00Z' } }, NOW));
    expect(pkg).toMatchObject({ queued_at: '2026-11-23T10:00:00Z' });
    expect(pkg).not.toHaveProperty('sent_at');
  });
});

describe('the alternate dialect’s identifiers', () => {
  it('gives what callers create another prefix and length, and reads it back', () => {
    expect(mapId('pkg_0123456789abcdef0123', 'out')).toBe('SIGPKG-0123456789abcdef0123');
    expect(mapId('SIGPKG-0123456789abcdef0123', 'in')).toBe('pkg_0123456789abcdef0123');
    expect(mapId('pt_a-b_c', 'out')).toBe('RCPT-a-b_c');
    for (const id of ['ar_1f', 'rvt_2e', 'doc_x-Y_z', 'hes_Q', 'pt_R']) expect(mapId(mapId(id, 'out'), 'in')).toBe(id);
    expect(mapId('ar_1f', 'out')).not.toHaveLength('ar_1f'.length);
  });

  it('gives catalog identifiers another shape too, a release keeping its number', () => {
    expect(mapId('dst_nda', 'out')).toBe('DSTPL-nda');
    expect(mapId('dstv_nda_2', 'out')).toBe('DSTVER-nda_2');
    expect(mapIdsInString('wf_access@2', 'out')).toBe('WFLOW-access@2');
    expect(mapIdsInString('WFLOW-access@2', 'in')).toBe('wf_access@2');
    for (const id of ['cat_hr', 'rt_leave', 'rf_leave']) expect(mapId(mapId(id, 'out'), 'in')).toBe(id);
  });

  it('keeps words and field values that only look alike', () => {
    for (const value of ['company_signer', 'car_model', 'start_date', 'pkg_', 'SIGPKG-'])
      expect(mapId(value, 'out')).toBe(value);
    expect(mapId('pkg_1', 'in')).toBe('pkg_1');
  });

  it('reaches identifiers in URLs, nested answers and request paths and queries', () => {
    expect(mapIdsInString('/api/v1/signature-packages/pkg_1/document?x=doc_2', 'out')).toBe('/api/v1/signature-packages/SIGPKG-1/document?x=DOCF-2');
    expect(mapIdsInString('Evidence of approval request ar_1f, see doc_2.', 'out')).toBe('Evidence of approval request APREQ-1f, see DOCF-2.');
    expect(mapIdsInString('Evidence of approval request APREQ-1f, see DOCF-2.', 'in')).toBe('Evidence of approval request ar_1f, see doc_2.');
    expect(mapIds({ data: [{ id: 'ar_1', documents: { contract: 'doc_2' }, tasks: ['rvt_3'] }] }, 'out')).toEqual({
      data: [{ id: 'APREQ-1', documents: { contract: 'DOCF-2' }, tasks: ['REVTASK-3'] }],
    });
    const url = standardUrl(new URL('http://s/api/v1/approval-requests/APREQ-1?document_id=DOCF-2&size=25'));
    expect(url.pathname).toBe('/api/v1/approval-requests/ar_1');
    expect(url.searchParams.get('document_id')).toBe('doc_2');
    const untouched = 'http://s/api/v1/categories?size=25&size=50&q=a%20b';
    expect(standardUrl(new URL(untouched)).href).toBe(untouched);
  });

  it('answers identifiers in the alternate shape, errors included', () => {
    const ok = read(alternateReply({ status: 201, body: { id: 'pkg_9', template_id: 'dst_nda' } }, NOW, 'POST', '/api/v1/signature-packages'));
    expect(ok).toMatchObject({ id: 'SIGPKG-9', template_id: 'DSTPL-nda' });
    const refused = read(
      alternateReply({ status: 409, body: { error: { code: 'WORKFLOW_IN_USE', message: 'In use.', details: [{ path: 'requests.0', message: 'draft', id: 'ar_1' }] } } }, NOW),
    );
    expect(refused.errors).toEqual([{ pointer: '/requests/0', detail: 'draft', id: 'APREQ-1' }]);
    const prose = read(alternateReply({ status: 409, body: { error: { code: 'PACKAGE_NOT_CLOSED', message: 'Package pkg_9 is queued.' } } }, NOW));
    expect(prose.detail).toBe('Package SIGPKG-9 is queued.');
  });
});
