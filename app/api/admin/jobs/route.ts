import { jobsQuerySchema } from '@/lib/admin/job-schemas';
import { handler } from '@/server/http/handler';
import { listJobs } from '@/server/jobs/list-jobs';

// GET: the background jobs, newest first (by state and queue), with every queue's counts by state (admins).
export const GET = handler({ permission: 'jobs:admin', query: jobsQuerySchema }, ({ query }) => listJobs(query));
