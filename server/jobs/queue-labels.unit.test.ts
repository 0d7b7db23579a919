import 'server-only';
import { describe, expect, it } from 'vitest';
import { JOB_STATES } from './job-queue';
import { QUEUE_NAMES } from './queues';
import { JOB_QUEUE_NAMES, JOB_STATE_NAMES, jobSubject } from '@/lib/admin/job-labels';

describe('background work in words', () => {
  it('names every queue and every state the job systems have, and nothing they do not', () => {
    expect([...JOB_QUEUE_NAMES].sort()).toEqual([...QUEUE_NAMES].sort());
    expect([...JOB_STATE_NAMES].sort()).toEqual([...JOB_STATES].sort());
  });

  it('says which bulk row a send job works on, counting rows from 1', () => {
    expect(jobSubject('bulk-send-row', { batch_id: 'blk_1', position: 0 })).toBe('Row 1 of batch blk_1');
    expect(jobSubject('bulk-send-row', { batch_id: 'blk_1' })).toBeNull();
    expect(jobSubject('retention', { batch_id: 'blk_1', position: 0 })).toBeNull();
  });
});
