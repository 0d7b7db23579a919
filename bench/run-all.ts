import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runMain } from './lib/run.ts';

// An internal console sends nothing anywhere: Next's anonymous telemetry is off for every build and server this starts.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

// `npm run bench [-- --update-readme] [-- --only load,page-weight]`: every bench/*.ts but this one (or those named, their rows replaced in the last report), one after another, each
// in its own process (so one's servers never share an event loop with the next), with the
// flags the console benches need (the react-server condition for 'server-only' modules; the
// sandbox benches are indifferent to it). Each bench's last JSON line is collected into
// bench/results/latest.json; --update-readme writes the table between the README markers.
// Exits non-zero when a bench failed or missed its target.

type Summary = Record<string, unknown> & { bench: string };
interface Outcome {
  file: string;
  exit_code: number | null;
  duration_s: number;
  load_avg_1m_before: number;
  summary: Summary | null;
  /** set when `--only` measured it again after the report's run: when, and at which revision */
  remeasured?: { date: string; revision: string | null };
}

const root = fileURLToPath(new URL('..', import.meta.url));
const benchDir = join(root, 'bench');
const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';
const NODE_FLAGS = ['--conditions=react-server', '--import', 'tsx'];

const load1 = () => Number(loadavg()[0]!.toFixed(2));

function runOne(file: string): Promise<Outcome> {
  const started = performance.now();
  const load = load1();
  console.log(`\n== bench/${file} (load average ${load}) ==`);
  const child = spawn(process.execPath, [...NODE_FLAGS, join('bench', file)], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let summary: Summary | null = null;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    console.log(line);
    if (!line.startsWith('{')) return;
    try {
      const parsed = JSON.parse(line) as unknown;
      if (parsed && typeof parsed === 'object' && typeof (parsed as Summary).bench === 'string') summary = parsed as Summary;
    } catch {
      // a line that merely starts with a brace
    }
  });
  return new Promise((resolve) => {
    child.once('close', (code) =>
      resolve({
        file,
        exit_code: code,
        duration_s: Number(((performance.now() - started) / 1000).toFixed(1)),
        load_avg_1m_before: load,
        summary,
      }),
    );
  });
}

const met = (s: Summary | null): boolean | null => {
  if (!s) return null;
  const v = s.met ?? s.target_met;
  return typeof v === 'boolean' ? v : null;
};

function status(o: Outcome): string {
  if (!o.summary) return `error (exit ${o.exit_code})`;
  const m = met(o.summary);
  if (m === false) return 'target missed';
  if (o.exit_code !== 0) return `error (exit ${o.exit_code})`;
  return m === true ? 'met' : 'ok';
}

const n = (v: unknown) => (typeof v === 'number' ? String(v) : '?');
const META = /^(bench|met|target_met|cpus|load_avg.*|duration_s|runs|connections|path)$/;

/** "7 paired rounds (+1.06 to +1.85 ms)": how much the c=1 rounds of proxy-overhead spread. */
function c1Rounds(s: Summary): string {
  const rounds = Array.isArray(s.c1_rounds) ? (s.c1_rounds as { direct_p50_ms: number; through_p50_ms: number }[]) : [];
  if (rounds.length === 0) return '? rounds';
  const added = rounds.map((r) => r.through_p50_ms - r.direct_p50_ms);
  return `${rounds.length} paired rounds (+${Math.min(...added).toFixed(2)} to +${Math.max(...added).toFixed(2)} ms)`;
}

/** The figures of one bench in a line, with its target; benches not listed get their numbers as key=value. */
function describe(s: Summary): { figures: string; target: string } {
  switch (s.bench) {
    case 'sandbox-catalog':
      return {
        figures: `${n(s.req_per_s)} req/s at ${n(s.connections)} connections; p50 ${n(s.p50_ms)} ms, p99 ${n(s.p99_ms)} ms`,
        target: `≥ ${n(s.target_req_per_s)} req/s`,
      };
    case 'sandbox-preview':
      return {
        figures: `preview + PDF: 10 pages ${n(s.dst_msa_total_ms)} ms, 200 pages ${n(s.dst_handbook_total_ms)} ms (${n(s.ratio)}×)`,
        target: `≤ ${n(s.target_ratio)}×`,
      };
    case 'proxy-overhead':
      return {
        figures:
          `c=1 p50, median of ${c1Rounds(s)}: direct ${n(s.direct_c1_p50_ms)} ms, through console ${n(s.through_c1_p50_ms)} ms (+${n(s.added_p50_c1_ms)} ms, catalog cache); ` +
          `uncached list: direct ${n(s.direct_read_c1_p50_ms)} ms, through ${n(s.through_read_c1_p50_ms)} ms (+${n(s.added_read_p50_c1_ms)} ms; at c=50 +${n(s.added_read_p50_c50_ms)} ms); ` +
          `c=50: direct ${n(s.direct_c50_req_per_s)}, through ${n(s.through_c50_req_per_s)}, trivial route ${n(s.live_c50_req_per_s)} req/s ` +
          `(through/trivial ${n(s.through_vs_trivial_c50)})`,
        target: `+≤ ${n(s.target_added_p50_c1_ms)} ms; ≥ ${n(s.target_through_vs_trivial_c50)}`,
      };
    case 'upload':
      return {
        figures:
          `${n(s.file_mib)} MiB PDF: one upload +${n(s.one_growth_mib)} MiB RSS (${n(s.one_growth_per_byte)}× bytes, ${n(s.one_upload_ms)} ms); ` +
          `four at once +${n(s.four_growth_mib)} MiB (${n(s.four_growth_per_byte)}×, slowest ${n(s.four_slowest_upload_ms)} ms)`,
        target: `≤ ${n(s.target_one_growth_per_byte)}×; ≤ ${n(s.target_four_growth_per_byte)}×`,
      };
    case 'pdf-review':
      return {
        figures:
          `first page painted, median of ${n(s.runs)}: 10 pages ${n(s.msa_first_paint_ms)} ms, 200 pages ${n(s.handbook_first_paint_ms)} ms (${n(s.ratio)}×); ` +
          `after scrolling to the end: ${n(s.max_live_canvases)} live canvases (${n(s.max_page_canvases)} pages, ${n(s.max_thumbnail_canvases)} thumbnails)`,
        target: `≤ ${n(s.target_first_paint_ms)} ms, ≤ ${n(s.target_ratio)}×; ≤ ${n(s.target_live_canvases)} canvases`,
      };
    case 'page-weight':
      return {
        figures:
          `first-visit JS against the framework's ${n(s.baseline_kib)} KiB gzip: worst non-PDF route ${String(s.worst_route)} ${n(s.worst_ratio)}×, ` +
          `${n(s.routes_over)} routes over; pdf.js worker late on ${n(s.pdf_worker_late)} of ${n(s.pdf_routes)} PDF routes`,
        target: `≤ ${n(s.target_ratio)}×; worker in parallel`,
      };
    case 'lighthouse': {
      const pages = Object.entries(
        (s.pages ?? {}) as Record<string, { performance: number; accessibility: number; best_practices: number; cls: number }>,
      );
      return {
        figures:
          `desktop, median of ${n(s.runs)}: ` +
          pages.map(([name, p]) => `${name} ${p.performance}/${p.accessibility}/${p.best_practices} CLS ${p.cls}`).join('; ') +
          ' (performance/accessibility/best practices)',
        target: `≥ ${n(s.target_performance)}/${n(s.target_accessibility)}/${n(s.target_best_practices)}, CLS ${n(s.target_cls)}`,
      };
    }
    case 'load': {
      const flood = (s.flood ?? {}) as Record<string, unknown>;
      const home = (s.home ?? {}) as Record<string, unknown>;
      const all = (home.all ?? {}) as Record<string, unknown>;
      const few = (home.few ?? {}) as Record<string, unknown>;
      return {
        figures:
          `${n(s.operators)} operators, a click every 0.5–1.5 s for ${n(s.duration_s)} s: ${n(s.req_per_s)} req/s, p50 ${n(s.p50_ms)} ms, p95 ${n(s.p95_ms)} ms, p99 ${n(s.p99_ms)} ms, ` +
          `${n(s.upstream_per_request)} API calls per request; without pauses: ${n(flood.req_per_s)} req/s, p99 ${n(flood.p99_ms)} ms, ` +
          `${n(flood.held_requests)} held (longest ${n(flood.held_max_ms)} ms), ${n(flood.upstream_per_s)} API calls/s; errors ${n(s.errors)}; sign-in p50 ${n(s.sign_in_p50_ms)} ms; ` +
          `home page p95 ${n(home.page_p95_ms)} ms while they browse; home opened at once by 100: ${n(all.upstream_calls)} API calls (${n(all.upstream_per_home_view)} per view; by 10: ${n(few.upstream_calls)}), / p95 ${n(all.page_p95_ms)} ms`,
        target: `0 errors, p99 ≤ ${n(s.target_p99_ms)} ms; home p95 ≤ ${n(home.target_page_p95_ms)} ms, ≤ ${n(home.target_upstream_per_burst)} API calls a cache window`,
      };
    }
    case 'insights': {
      const dialect = (name: string) => {
        const d = (s[name] ?? {}) as { p95_ms?: number; cases?: Record<string, { p95_ms: number }> };
        const cases = Object.entries(d.cases ?? {})
          .map(([c, v]) => `${c} ${n(v.p95_ms)}`)
          .join(', ');
        return `${name}: p95 ${n(d.p95_ms)} ms (${cases})`;
      };
      return {
        figures: `a seeded year of ${n(s.packages)} packages and ${n(s.requests)} requests, p95 of ${n(s.rounds)} reads per case, in ms: ${dialect('sqlite')}; ${dialect('postgres')}`,
        target: `p95 ≤ ${n(s.target_p95_ms)} ms on each`,
      };
    }
    case 'load-teams': {
      const none = (s.without_teams ?? {}) as Record<string, unknown>;
      const teams = (s.with_teams ?? {}) as Record<string, unknown>;
      return {
        figures:
          `the browsing minute (100 operators) with no team: p99 ${n(none.p99_ms)} ms, ${n(none.upstream_per_request)} API calls per request; ` +
          `in ${n(s.teams)} teams, each seeing its own: p99 ${n(teams.p99_ms)} ms (${n(s.p99_ratio)}×), ${n(teams.upstream_per_request)} API calls per request (${n(s.upstream_ratio)}×); ` +
          `errors ${n(none.errors)} / ${n(teams.errors)}`,
        target: `0 errors; with teams no worse (≤ ${n(1 + Number(s.tolerance))}×, run-to-run noise)`,
      };
    }
    case 'bulk': {
      const targets = (s.targets ?? {}) as Record<string, unknown>;
      return {
        figures:
          `${n(s.sent)} of ${n(s.rows)} rows sent, key limit ${n(s.rate_limit_per_minute)}/min, reviews automated: last confirmation to last package sent ${n(s.drain_s)} s ` +
          `for ${n(s.unsent_at_last_confirmation)} rows, ${n(s.api_calls_during_drain)} API calls in all (floor ${n(s.floor_s)} s, ${n(s.drain_to_floor)}×); ` +
          `${n(s.packages_made)} packages made, ${n(s.duplicates)} duplicates; another operator's reads meanwhile p50 ${n(s.other_read_p50_ms)} ms, p99 ${n(s.other_read_p99_ms)} ms, ${n(s.other_read_errors)} errors`,
        target: `≤ ${n(targets.drain_to_floor)}×, 0 duplicates, reads p99 ≤ ${n(targets.other_read_p99_ms)} ms`,
      };
    }
    case 'watcher': {
      const sizes = Array.isArray(s.sizes) ? (s.sizes as Record<string, unknown>[]) : [];
      return {
        figures: sizes
          .map(
            (r) =>
              `${n(r.open_packages)} open packages: ≤ ${n(r.max_calls_per_run)} calls a run, ${n(r.calls_per_sweep)} calls a sweep in ${n(r.runs_per_sweep)} run(s) ` +
              `(one read each: ${n(r.calls_if_read_one_by_one)}), run ${n(r.run_ms_median)} ms median; 10 signed → ${n(r.changes_after_signing)} changes in ${n(r.sweep_after_signing_calls)} calls`,
          )
          .join('; '),
        target: `≤ ${n(s.share)} calls a run (WATCHER_MAX_CALLS_PER_RUN), not growing with the packages; every change recorded`,
      };
    }
    case 'notify-latency':
      return {
        figures:
          `${n(s.changes)} packages signed at the sandbox among ${n(s.open_packages)} open ones the console follows, on its own settings, a real SMTP server receiving: ` +
          `change to e-mail p50 ${n(s.p50_s)} s, p95 ${n(s.p95_s)} s, max ${n(s.max_s)} s; ${n(s.missing)} missing, ${n(s.mailed_twice)} mailed twice`,
        target: `p95 ≤ ${n(s.target_p95_s)} s, none missing, none twice`,
      };
    case 'chaos': {
      const crashes = Array.isArray(s.crashes) ? (s.crashes as { what: string }[]).map((c) => c.what).join(' + ') : '';
      return {
        figures:
          `${n(s.writes)} keyed writes of ${n(s.kinds)} kinds by ${n(s.browsers)} browsers (${n(s.attempts)} attempts) through a proxy that dropped ${n(s.proxy_dropped)}, ` +
          `lost ${n(s.proxy_lost_answers)} answers and answered 503 ${n(s.proxy_503)} times, kill -9 of ${crashes || 'nothing'}: ` +
          `${n(s.duplicates)} duplicates, ${n(s.lost)} lost acknowledged writes, ${n(s.failed)} failures after retries`,
        target: '0, 0, 0',
      };
    }
    default: {
      const entries = Object.entries(s).filter(([k, v]) => !META.test(k) && typeof v !== 'object');
      return {
        figures: entries
          .filter(([k]) => !k.startsWith('target'))
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(', '),
        target:
          entries
            .filter(([k]) => k.startsWith('target'))
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(', ') || '—',
      };
    }
  }
}

function gitRevision(): string | null {
  const r = spawnSync('git', ['describe', '--always', '--dirty'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function markdown(report: {
  date: string;
  revision: string | null;
  machine: { cpus: number; cpu_model: string; node: string };
  results: Outcome[];
}): string {
  const { machine } = report;
  const lines = [
    `Measured ${report.date} on ${machine.cpus} cores (${machine.cpu_model}), Node ${machine.node}` +
      `${report.revision ? `, revision ${report.revision}` : ''}. The load column is the 1-minute load average as each bench started: ` +
      `other work on the machine takes cores from the servers measured, so read figures taken at a high load as pessimistic.`,
    '',
    '| bench | figures | target | result | load |',
    '|---|---|---|---|---|',
  ];
  for (const o of report.results) {
    const d = o.summary ? describe(o.summary) : { figures: '—', target: '—' };
    const name = o.file.replace(/\.ts$/, '');
    const again = o.remeasured
      ? ` (measured again ${o.remeasured.date}${o.remeasured.revision ? `, revision ${o.remeasured.revision}` : ''})`
      : '';
    lines.push(`| ${name}${again} | ${d.figures} | ${d.target} | ${status(o)} | ${o.load_avg_1m_before} |`);
  }
  return lines.join('\n');
}

function updateReadme(table: string) {
  const file = join(root, 'README.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${README_START} … ${README_END} section`);
  writeFileSync(file, `${text.slice(0, start + README_START.length)}\n${table}\n${text.slice(end)}`);
}

async function main() {
  const files = readdirSync(benchDir)
    .filter((f) => f.endsWith('.ts') && f !== basename(fileURLToPath(import.meta.url)))
    .sort();
  const machine = { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? '?', node: process.version };
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  console.log(
    `${files.length} benches: ${files.join(', ')}; ${machine.cpus} CPUs (${machine.cpu_model}); load average ${load1()}`,
  );

  // `--only a,b`: those benches again, their rows replaced in the last report, the rest kept.
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').split(',').map((name) => `${name.replace(/\.ts$/, '')}.ts`) : null;
  const latest = join(benchDir, 'results', 'latest.json');
  const previous =
    only && existsSync(latest)
      ? (JSON.parse(readFileSync(latest, 'utf8')) as {
          date: string;
          revision: string | null;
          machine: typeof machine;
          results: Outcome[];
        })
      : null;
  if (only && !previous) throw new Error('--only needs an earlier full run: bench/results/latest.json is missing');
  const results: Outcome[] = [];
  for (const file of only ? files.filter((f) => only.includes(f)) : files) results.push(await runOne(file));

  const report = previous
    ? {
        ...previous,
        results: [
          ...previous.results.map((o) => {
            const fresh = results.find((r) => r.file === o.file);
            return fresh ? { ...fresh, remeasured: { date, revision: gitRevision() } } : o;
          }),
          // A bench the last report did not have yet joins it.
          ...results
            .filter((r) => !previous.results.some((o) => o.file === r.file))
            .map((r) => ({ ...r, remeasured: { date, revision: gitRevision() } })),
        ].sort((a, b) => a.file.localeCompare(b.file)),
      }
    : { date, revision: gitRevision(), machine, results };
  mkdirSync(join(benchDir, 'results'), { recursive: true });
  writeFileSync(latest, `${JSON.stringify(report, null, 2)}\n`);

  console.log('\nsummary');
  const width = Math.max(...files.map((f) => f.length));
  for (const o of results) {
    const d = o.summary ? describe(o.summary) : null;
    console.log(
      `  ${o.file.padEnd(width)}  ${status(o).padEnd(16)} ${String(o.duration_s).padStart(6)} s  load ${String(o.load_avg_1m_before).padEnd(5)}  ${d ? `${d.figures} (target ${d.target})` : ''}`,
    );
  }
  console.log(`results written to bench/results/latest.json`);
  if (process.argv.includes('--update-readme')) {
    updateReadme(markdown(report));
    console.log('README.md benchmark section updated');
  }
  if (results.some((o) => status(o) !== 'met' && status(o) !== 'ok')) process.exitCode = 1;
}

runMain(main);
