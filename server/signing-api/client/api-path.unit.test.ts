import 'server-only';
import { describe, expect, it } from 'vitest';
import { checkedPath, segment } from './api-path';
import { SigningApiError } from './errors';

const BASE = 'https://acme.signing.example.com/api/v1';

describe('checkedPath', () => {
  it('keeps opaque ids as one segment each', () => {
    expect(checkedPath(BASE, `/approval-workflows/${segment('WFLOW-access@2')}/releases/${segment(2)}/submission-schema`).pathname).toBe(
      '/api/v1/approval-workflows/WFLOW-access%402/releases/2/submission-schema',
    );
    expect(checkedPath(BASE, `/documents/${segment('doc_1.v2')}`).pathname).toBe('/api/v1/documents/doc_1.v2');
  });

  it.each([
    '/approval-workflows/..',
    '/approval-workflows/../releases/1/submission-schema',
    '/approval-workflows/./x',
    '/documents/%2e%2e',
    '/documents/%2E.',
    '/documents/a%2fb',
    '/documents/a%5Cb',
    '/documents/',
    '/documents//x',
    `/documents/${segment('..')}`,
  ])('refuses %s before any call', (path) => {
    expect(() => checkedPath(BASE, path)).toThrow(SigningApiError);
    try {
      checkedPath(BASE, path);
    } catch (err) {
      expect(err).toMatchObject({ status: 422, code: 'INVALID_ID' });
    }
  });
});
