import 'server-only';
import { describe, expect, it } from 'vitest';
import { upstreamOperation } from './upstream-operations';

describe('upstreamOperation', () => {
  it('names a call by its method and the API path with its ids replaced', () => {
    expect(upstreamOperation('GET', '/signature-packages/pkg_8f2a')).toBe('GET /signature-packages/{id}');
    expect(upstreamOperation('POST', '/signature-packages/preview')).toBe('POST /signature-packages/preview');
    expect(upstreamOperation('POST', '/signature-packages/pkg_8f2a/archive')).toBe('POST /signature-packages/{id}/archive');
    expect(upstreamOperation('GET', '/approval-workflows/wf_1/releases/3/submission-schema')).toBe(
      'GET /approval-workflows/{id}/releases/{release}/submission-schema',
    );
    expect(upstreamOperation('GET', '/categories')).toBe('GET /categories');
  });

  it('keeps the hosted editor session, a credential, out of the name', () => {
    const name = upstreamOperation('POST', '/hosted-editor/hes_secret_session_42/commands');
    expect(name).toBe('POST /hosted-editor/{sessionId}/commands');
    expect(name).not.toContain('hes_secret');
  });

  it('calls a path the spec does not list "other", never the path itself', () => {
    expect(upstreamOperation('GET', '/secret/abc123')).toBe('GET other');
    expect(upstreamOperation('TRACE', '/categories')).toBe('other /categories');
  });
});
