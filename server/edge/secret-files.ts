// No `import 'server-only'`: scripts/console-server.ts and the scripts load this under plain node (no react-server condition, where that package throws).
import { readFileSync } from 'node:fs';

// Secrets from files, the container and Kubernetes convention (a mounted secret is a file):
// NAME_FILE names a file whose content is NAME's value. Read once at start, into the
// environment every other part reads, so nothing else knows where a value came from.

/** The settings that may come from a file, each exclusive with its variable. */
export const SECRET_FILE_VARIABLES = ['SESSION_PASSWORD', 'SIGNING_API_KEY', 'DATABASE_URL', 'OIDC_CLIENT_SECRET'] as const;

/**
 * Puts each NAME_FILE's content (one trailing line end dropped, as `echo` and editors leave
 * one) into NAME in `env`. Answers each problem as a line naming the variable; on any problem
 * nothing is changed. The message never quotes a file's content.
 */
export function resolveSecretFiles(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const values: [string, string][] = [];
  for (const name of SECRET_FILE_VARIABLES) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) {
      problems.push(`${name}_FILE: ${name} is set too; set one of them`);
      continue;
    }
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch (err) {
      problems.push(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      continue;
    }
    const value = content.replace(/\r?\n$/, '');
    if (value.trim() === '') problems.push(`${name}_FILE: ${file} is empty`);
    else values.push([name, value]);
  }
  if (problems.length === 0) for (const [name, value] of values) env[name] = value;
  return problems;
}
