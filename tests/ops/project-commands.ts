import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The project's own commands run as an operator runs them: a child process with only the
// environment (and the working directory's .env) the test gives it.
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Settings the test run itself may carry (a developer's shell, another suite): none of them
// may reach a command unless the test sets it. NEXT_DIST_DIR stays: it names the suite's build.
const CONFIG =
  /^(DATABASE_URL|CONSOLE_DATA_DIR|SIGNING_API_|SESSION_|SANDBOX_|DEMO_PASSWORD|EMBEDDED_SANDBOX|PORT|HOST|TRUSTED_PROXIES|LOG_LEVEL|NODE_ENV|SIGNDESK_PASSWORD)/;

/** The test process's environment without any console or sandbox setting, plus `env`. */
export function cleanEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CONFIG.test(name)));
  return { ...base, ...env } as NodeJS.ProcessEnv;
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node --conditions=react-server --import tsx <script>` as package.json runs it. From a
 * working directory outside the repository, tsx is given the repository's tsconfig (its `@/`
 * paths) and the loader by path, as npm would find them from the package root.
 */
export function runScript(opts: {
  script: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** told of the child once it runs (to signal it, or read its output as it comes) */
  onSpawn?: (child: ChildProcess) => void;
}) {
  const cwd = opts.cwd ?? ROOT;
  const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const env = cleanEnv({ TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json'), ...opts.env });
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', tsx, join(ROOT, opts.script), ...(opts.args ?? [])],
    {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  opts.onSpawn?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<CommandResult>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
