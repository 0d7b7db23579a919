// Next calls register() once when a server process starts: the console's background work
// starts there (server/jobs/), in the Node.js runtime only.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startJobs } = await import('./server/jobs/start-jobs');
  startJobs();
}
