import { describe, expect, it } from 'vitest';
import { softBreakSegments } from './soft-breaks.ts';

describe('softBreakSegments', () => {
  it('breaks an address after the @ and the dots', () => {
    expect(softBreakSegments('grace.hopper@example.test')).toEqual(['grace.', 'hopper@', 'example.', 'test']);
  });

  it('breaks codes and ids after their separators, never between letters or digits', () => {
    expect(softBreakSegments('STALE_WORKFLOW_RELEASE')).toEqual(['STALE_', 'WORKFLOW_', 'RELEASE']);
    expect(softBreakSegments('pkg-send-3f2a')).toEqual(['pkg-', 'send-', '3f2a']);
    expect(softBreakSegments('2001:db8::1')).toEqual(['2001:', 'db8:', ':', '1']);
    expect(softBreakSegments('["viewer","admin"]')).toEqual(['["viewer",', '"admin"]']);
    expect(softBreakSegments('req9XyZ')).toEqual(['req9XyZ']);
  });

  it('loses nothing', () => {
    for (const text of ['', '_', 'a__b', 'x.y@z', 'approval_request.submit', '203.0.113.7']) {
      expect(softBreakSegments(text).join('')).toBe(text);
    }
  });
});
