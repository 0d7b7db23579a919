import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Prometheus's own tools for the metrics test: `promtool check metrics` judges the text the
// console serves, and a real server scrapes it. Found on PATH, installed from Debian (the
// `prometheus` package) when missing and running as root, as postgres.ts does PostgreSQL. The
// package may register a system service; nothing here uses or needs it.

const which = (name: string): string | null => {
  const found = spawnSync('which', [name], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
};

export function ensurePrometheusInstalled(): { promtool: string; prometheus: string } {
  if ((!which('promtool') || !which('prometheus')) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Another job may hold apt's lock for a while (installing PostgreSQL, say): wait for it.
    const wait = ['-o', 'DPkg::Lock::Timeout=300'];
    execFileSync('apt-get', [...wait, 'update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', [...wait, 'install', '-y', '-qq', '--no-install-recommends', 'prometheus'], {
      stdio: 'inherit',
      env,
    });
  }
  const promtool = which('promtool');
  const prometheus = which('prometheus');
  if (!promtool || !prometheus)
    throw new Error('Prometheus is not installed and could not be installed (install the Debian "prometheus" package).');
  return { promtool, prometheus };
}

/** `promtool check metrics` on an exposition: its exit status and what it said (lint problems). */
export function checkMetrics(promtool: string, text: string): { status: number | null; output: string } {
  const run = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

export interface TestPrometheus {
  url: string;
  /** the value of an instant query's first sample, or null when it has none yet */
  query(expr: string): Promise<string | null>;
  stop(): Promise<void>;
}

/** A Prometheus server scraping `target` (host:port) every second at `metricsPath` with a bearer token. */
export async function startPrometheus(opts: {
  binary: string;
  port: number;
  target: string;
  metricsPath: string;
  token: string;
}): Promise<TestPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'signdesk-prometheus-'));
  writeFileSync(join(dir, 'token'), opts.token, { mode: 0o600 });
  writeFileSync(
    join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      'scrape_configs:',
      '  - job_name: signdesk',
      `    metrics_path: ${opts.metricsPath}`,
      '    authorization:',
      '      type: Bearer',
      `      credentials_file: ${join(dir, 'token')}`,
      '    static_configs:',
      `      - targets: ['${opts.target}']`,
      '',
    ].join('\n'),
  );
  const url = `http://127.0.0.1:${opts.port}`;
  const child: ChildProcess = spawn(
    opts.binary,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${opts.port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const query = async (expr: string): Promise<string | null> => {
    const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`).catch(() => null);
    if (!res?.ok) return null;
    const body = (await res.json()) as { data?: { result?: { value?: [number, string] }[] } };
    return body.data?.result?.[0]?.value?.[1] ?? null;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready when its API answers (about a second).
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`prometheus exited at start:\n${log}`);
    }
    const ready = await fetch(`${url}/-/ready`).catch(() => null);
    if (ready?.ok) break;
    if (i > 100) {
      await stop();
      throw new Error(`prometheus did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, query, stop };
}
