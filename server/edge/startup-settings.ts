// No `import 'server-only'`: scripts/console-server.ts loads this under plain node (no react-server condition, where that package throws).
import { settingsProblems } from '../settings.ts';
import { bodyLimits, type BodyLimits } from './body-deadlines.ts';
import { connectionLimits, type ConnectionLimits } from './connection-limits.ts';
import { parseTrustedProxies, type TrustedProxies } from './forwarded.ts';
import { parsePublicOrigin, type PublicOrigin } from './public-origin.ts';
import { resolveSecretFiles } from './secret-files.ts';

// Every setting the console reads, checked before it listens: a bad value stops start-up with
// one line naming the variable, instead of a server that answers its health probe and then 500
// on every page until a request first reads that variable.

export interface ServerSettings {
  port: number;
  hostname: string;
  trusted: TrustedProxies;
  publicOrigin: PublicOrigin;
  limits: BodyLimits;
  connections: ConnectionLimits;
  /** how long requests in flight may finish after SIGTERM before the connections are cut */
  shutdownMs: number;
  /** one log line per request, at info */
  requestLog: boolean;
}

/** Each check's value, or its problem as a line naming the variable. */
function attempt<T>(problems: string[], check: () => T): T | undefined {
  try {
    return check();
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
    return undefined;
  }
}

function wholeNumber(
  source: Record<string, string | undefined>,
  name: string,
  o: { fallback: number; min: number; max: number },
) {
  const text = source[name]?.trim();
  if (!text) return o.fallback;
  if (!/^\d+$/.test(text) || Number(text) < o.min || Number(text) > o.max)
    throw new Error(`${name}: "${text}" must be a whole number from ${o.min} to ${o.max}`);
  return Number(text);
}

/**
 * The console server's settings from `source` (the process environment, secret files resolved
 * into it), or every problem with them. SIGNING_API_BASE_URL and the other settings of the
 * console itself are checked by their schema (server/settings.ts), the server's own here.
 */
export function serverSettings(
  source: Record<string, string | undefined>,
): { ok: true; settings: ServerSettings } | { ok: false; problems: string[] } {
  const problems = resolveSecretFiles(source);
  problems.push(...settingsProblems(source));
  const port = attempt(problems, () => wholeNumber(source, 'PORT', { fallback: 3000, min: 1, max: 65_535 }));
  const hostname = source.HOST?.trim() || '127.0.0.1';
  const trusted = attempt(problems, () => parseTrustedProxies(source.TRUSTED_PROXIES));
  const publicOrigin = attempt(problems, () => parsePublicOrigin(source.CONSOLE_PUBLIC_URL, { hostname, port: port ?? 3000 }));
  const limits = attempt(problems, () => bodyLimits(source));
  const connections = attempt(problems, () => connectionLimits(source));
  const shutdownMs = attempt(problems, () =>
    wholeNumber(source, 'SHUTDOWN_TIMEOUT_MS', { fallback: 20_000, min: 0, max: 600_000 }),
  );
  const requestLog = attempt(problems, () => {
    const text = source.REQUEST_LOG?.trim() || 'true';
    if (text !== 'true' && text !== 'false') throw new Error(`REQUEST_LOG: "${text}" must be true or false`);
    return text === 'true';
  });
  // TRUSTED_PROXIES is read by both, in the same words: one line for it is enough.
  const unique = [...new Set(problems)];
  if (unique.length > 0) return { ok: false, problems: unique };
  return {
    ok: true,
    settings: {
      port: port!,
      hostname,
      trusted: trusted!,
      publicOrigin: publicOrigin!,
      limits: limits!,
      connections: connections!,
      shutdownMs: shutdownMs!,
      requestLog: requestLog!,
    },
  };
}
