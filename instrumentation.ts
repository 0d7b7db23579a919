// Next calls register() once when a server process starts: the console's background work
// starts there (server/jobs/), in the Node.js runtime only.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` may load this file too: a build runs no background work.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startJobs } = await import('./server/jobs/start-jobs');
  startJobs();
}
