import { describe, expect, it } from 'vitest';
import { describeBlockers } from './workflow-blockers.ts';

describe('describeBlockers', () => {
  it('counts the blocking states in words, the noun once', () => {
    expect(describeBlockers(['IN_PROGRESS', 'NEEDS_REVISION', 'IN_PROGRESS'])).toBe(
      '2 requests are still in progress and 1 needs revision',
    );
    expect(describeBlockers(['DRAFT'])).toBe('1 request is a draft');
    expect(describeBlockers(['NEEDS_REVISION', 'NEEDS_REVISION', 'DRAFT', 'DRAFT', 'IN_PROGRESS'])).toBe(
      '1 request is still in progress, 2 need revision and 2 are drafts',
    );
  });

  it('ignores states that do not block, and says nothing when none does', () => {
    expect(describeBlockers(['APPROVED', 'REJECTED'])).toBeNull();
    expect(describeBlockers([])).toBeNull();
  });
});
