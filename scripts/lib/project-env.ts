import { createRequire } from 'node:module';
import { resolveSecretFiles } from '../../server/edge/secret-files.ts';

// Next's own loader, not a copy of it: the console server reads its .env files through it
// (next({ dir }) on start), and a command that read them any other way could disagree with
// the server — another file set, or `$NAME` expanded by one and not by the other.
const { loadEnvConfig } = createRequire(import.meta.url)('@next/env') as typeof import('@next/env');

/**
 * Loads the configuration the console server reads: `.env.production.local` (or
 * `.env.development.local`), `.env.local`, `.env.production` (`.env.development`) and `.env`
 * from the working directory, the first file naming a variable winning, and a variable set in
 * the environment winning over every file. Returns the files read.
 */
export function loadProjectEnv(opts: { dev?: boolean } = {}): string[] {
  const { loadedEnvFiles } = loadEnvConfig(process.cwd(), opts.dev ?? false, { info: () => {}, error: console.error });
  // A secret given as NAME_FILE is read into NAME, as the console server does.
  const problems = resolveSecretFiles(process.env);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return loadedEnvFiles.map((file) => file.path);
}
