import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { ndaBody } from '../sandbox/conformance/package-fixtures.ts';
import { loadAround, runMain } from './lib/run.ts';
import { machine, startStack } from './lib/stack.ts';

// Notifications' latency (issue 37): from a change at the API to its e-mail in the inbox, with
// 1,000 open packages the console sent and follows, on the console's own settings (the watcher
// every WATCHER_INTERVAL_SECONDS, its default; the notify and mail jobs), a real SMTP server
// (smtp-server) receiving and mailparser reading. Packages are completed at the sandbox at
// random moments over a spread of time, each one's moment taken when the sandbox answered;
// each mail's arrival is when the SMTP server had it whole. Target: p95 ≤ 60 s, every change
// mailed, none twice.

const OPEN = Number(process.env.BENCH_NOTIFY_OPEN ?? 1000);
const CHANGES = Number(process.env.BENCH_NOTIFY_CHANGES ?? 16);
// Four changes a minute among 1,000 open packages: a busy day's pace (a package's life is days).
const SPREAD_S = Number(process.env.BENCH_NOTIFY_SPREAD_S ?? 240);
const TARGET_P95_S = 60;
const SEND_AT_ONCE = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

async function main() {
  const before = machine();
  const arrivals = new Map<string, number[]>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const at = performance.now();
          const id = /\/packages\/(pkg_[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
          if (id) arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const stack = await startStack({
    operators: 1,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Signdesk <signdesk@bench.local>',
    },
    publicUrl: true,
  });
  try {
    const cookie = await stack.signIn(stack.operators[0]);
    const origin = stack.consoleUrl;
    const post = async (path: string, body: unknown, key?: string) => {
      const res = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
      return answer;
    };

    // Completions are mailed in the daily digest until a person asks for them at once: this one has.
    const prefs = await fetch(`${origin}/api/account/notification-preferences`, {
      method: 'PUT',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        choices: [{ kind: 'package.completed', console: 'now', email: 'now' }],
        digest_hour: 8,
        time_zone: 'UTC',
      }),
    });
    if (!prefs.ok) throw new Error(`preferences: ${prefs.status} ${(await prefs.text()).slice(0, 300)}`);

    // The open packages, sent through the console as a sender would: each has its sending record.
    const sentAt = performance.now();
    const ids: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: SEND_AT_ONCE }, async () => {
        for (let i = next++; i < OPEN; i = next++) {
          const body = ndaBody({
            sender_values: { counterparty_name: `Bench ${i}`, effective_date: '2027-01-15', governing_law: '' },
          });
          const preview = await post('/api/packages/preview', body);
          const sent = await post(
            '/api/packages',
            { template_id: body.template_id, preview_token: preview.preview_token, confirmed: true },
            `bench-notify-${randomBytes(8).toString('hex')}`,
          );
          ids.push(sent.id as string);
        }
      }),
    );
    console.log(`${ids.length} packages sent through the console in ${Math.round((performance.now() - sentAt) / 1000)} s`);
    // Each delivered to its signers (the API's "open" state the watcher follows); then a period
    // for the watcher to have seen them all, as in a console that has been running.
    for (const id of ids) {
      const res = await stack.control(`/__sandbox/signature-packages/${id}/actions`, { action: 'deliver' });
      // 409: the sandbox delivered it already, by itself.
      if (!res.ok && res.status !== 409) throw new Error(`deliver ${id}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    await sleep(35_000);

    // Changes at random moments over the spread, each a package signed by every signer.
    const chosen = [...ids].sort(() => Math.random() - 0.5).slice(0, CHANGES);
    const changedAt = new Map<string, number>();
    await Promise.all(
      chosen.map(async (id) => {
        await sleep(Math.random() * SPREAD_S * 1000);
        const res = await stack.control(`/__sandbox/signature-packages/${id}/actions`, { action: 'complete' });
        if (!res.ok) throw new Error(`complete ${id}: ${res.status} ${(await res.text()).slice(0, 200)}`);
        changedAt.set(id, performance.now());
      }),
    );
    const waitUntil = performance.now() + 3 * TARGET_P95_S * 1000;
    while (performance.now() < waitUntil && chosen.some((id) => !arrivals.has(id))) await sleep(500);
    await sleep(15_000); // a mail sent twice would come within the mail job's next turns

    const latencies = chosen
      .filter((id) => arrivals.has(id))
      .map((id) => (arrivals.get(id)![0]! - changedAt.get(id)!) / 1000)
      .sort((a, b) => a - b);
    const missing = chosen.filter((id) => !arrivals.has(id)).length;
    const twice = [...arrivals.values()].filter((a) => a.length > 1).length;
    const unasked = [...arrivals.keys()].filter((id) => !changedAt.has(id)).length;
    const p95 = percentile(latencies, 0.95);
    const summary = {
      bench: 'notify-latency',
      open_packages: ids.length,
      changes: chosen.length,
      p50_s: Number(percentile(latencies, 0.5).toFixed(1)),
      p95_s: Number(p95.toFixed(1)),
      max_s: Number((latencies.at(-1) ?? NaN).toFixed(1)),
      missing,
      mailed_twice: twice,
      mailed_unasked: unasked,
      target_p95_s: TARGET_P95_S,
      met: missing === 0 && twice === 0 && unasked === 0 && p95 <= TARGET_P95_S,
      ...loadAround(before, machine()),
    };
    console.log(
      `change at the API → e-mail, ${summary.changes} changes among ${summary.open_packages} open packages: p50 ${summary.p50_s} s, p95 ${summary.p95_s} s, max ${summary.max_s} s; ${missing} missing, ${twice} mailed twice`,
    );
    console.log(JSON.stringify(summary));
    if (!summary.met) process.exitCode = 1;
  } finally {
    await stack.stop();
    smtp.close();
  }
}

runMain(main);
