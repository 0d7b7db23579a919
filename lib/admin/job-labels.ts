// Background work in words, for Admin → Background work. Kept without zod, so the page can name
// queues and states without loading it. The queue names are the server's (server/jobs/queues.ts):
// job-labels.unit.test.ts fails when one there has no words here.

export const JOB_QUEUE_LABELS = {
  'bulk-send-row': 'Send a bulk row',
  'bulk-sweep': 'Find bulk rows due',
  'intent-settle': 'Confirm unknown send outcomes',
  retention: 'Prune by retention',
  watcher: 'Follow open packages and requests',
  notify: 'Make notifications',
  mail: 'Send notification e-mail',
  digest: 'Send daily notification digests',
} as const;
export type JobQueueName = keyof typeof JOB_QUEUE_LABELS;
export const JOB_QUEUE_NAMES = Object.keys(JOB_QUEUE_LABELS) as JobQueueName[];

export const JOB_STATE_LABELS = {
  created: 'Queued',
  retry: 'Waiting to retry',
  active: 'Running',
  completed: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;
export type JobStateName = keyof typeof JOB_STATE_LABELS;
export const JOB_STATE_NAMES = Object.keys(JOB_STATE_LABELS) as JobStateName[];

/** What a job is, in words, from its queue (the row it works on where there is one). */
export function jobSubject(queue: JobQueueName, data: Record<string, unknown>): string | null {
  if (queue !== 'bulk-send-row') return null;
  const batch = typeof data.batch_id === 'string' ? data.batch_id : null;
  const position = typeof data.position === 'number' ? data.position : null;
  return batch && position !== null ? `Row ${position + 1} of batch ${batch}` : null;
}
