import { describe, expect, it } from 'vitest';
import { archivableWhen, describeBlockers, IN_USE_REFUSAL } from './workflow-blockers.ts';

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

// Issue 35: "The archive dialog says both 'until they are finished' and 'cannot be archived at
// all'". The refusal and the line under it say one thing: when this workflow can be archived.
describe('when a workflow in use can be archived', () => {
  it('the refusal names no condition of its own', () => {
    expect(IN_USE_REFUSAL).toBe('Requests still use this workflow, so it cannot be archived while they do.');
  });

  it('requests under way: once they are approved or rejected', () => {
    expect(archivableWhen(['IN_PROGRESS', 'NEEDS_REVISION'])).toBe(
      'Once they are approved or rejected, the workflow can be archived.',
    );
  });

  it('a draft at the API: only once it is removed in the workspace, since nothing here can finish it', () => {
    const said = archivableWhen(['DRAFT']);
    expect(said).toBe(
      'A draft saved at the API cannot be submitted or deleted through the API, so the workflow can be archived only once whoever made it removes it in the workspace.',
    );
    expect(said).not.toMatch(/at all|until they are finished/);
  });

  it('both: each condition once, never "approved or rejected" for the draft', () => {
    expect(archivableWhen(['IN_PROGRESS', 'DRAFT'])).toBe(
      'A draft saved at the API cannot be submitted or deleted through the API, so the workflow can be archived only once whoever made it removes it in the workspace, and the other requests are approved or rejected.',
    );
  });

  it('says nothing when no state blocks', () => {
    expect(archivableWhen(['APPROVED'])).toBeNull();
  });
});
