// No `import 'server-only'`: scripts/console-server.ts loads this under plain node (no react-server condition, where that package throws).
import type { Server } from 'node:http';
import type { Logger } from 'pino';

// SIGTERM (a deploy, a supervisor, a scale-in): stop taking connections, let the requests in
// flight finish within a deadline, then exit, saying so in the log. Idle keep-alive
// connections go at once, so a balancer moves on to the other instances.

export function stopOnSignals(server: Server, o: { deadlineMs: number; log: Logger }) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    o.log.info({ signal, deadline_ms: o.deadlineMs }, 'shutting down: no new connections, finishing requests in flight');
    const cut = setTimeout(() => {
      o.log.warn({ after_ms: Date.now() - started }, 'shutdown deadline passed: closing the connections left');
      server.closeAllConnections();
      process.exit(1);
    }, o.deadlineMs);
    cut.unref();
    // Background work takes no new job, and those running get the same deadline to finish
    // (one cut short is retried by the next instance to start: its effect is safe to repeat).
    const jobs = (globalThis as { signdeskStopJobs?: (graceMs: number) => Promise<void> }).signdeskStopJobs;
    const jobsStopped = jobs ? jobs(o.deadlineMs).catch(() => undefined) : Promise.resolve();
    server.close(() => {
      void jobsStopped.then(() => {
        o.log.info({ after_ms: Date.now() - started }, 'stopped');
        process.exit(0);
      });
    });
    // A keep-alive connection whose request finishes later would otherwise wait out its
    // keep-alive timeout (75 s): each goes as soon as it is idle.
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
