import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, sandboxSettingsSchema } from '../../../sandbox/config.ts';
import { SECRET_FILE_VARIABLES } from '../../../server/edge/secret-files.ts';
import { serverSettings, type ServerSettings } from '../../../server/edge/startup-settings.ts';
import { parseEnv, settingsFields, settingsProblems } from '../../../server/settings.ts';
import { chooseSigningApi } from '../signing-api-choice.ts';
import { CONFIGURATION_DOC, renderConfiguration } from './render-configuration.ts';
import { NOT_SETTINGS, SETTINGS_REFERENCE, defaultOf, numericBounds, shapeOf, type SettingEntry } from './settings-reference.ts';

const ROOT = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** .env.example's variables in order, with the value it writes (`# NAME=` lines too: set by scripts). */
function envExample(): [string, string][] {
  return [...read('.env.example').matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]);
}

const BASE = {
  SIGNING_API_BASE_URL: 'https://api.example.com',
  SIGNING_API_KEY: 'key-for-this-test',
  SESSION_PASSWORD: 'a'.repeat(32),
};

// What a value needs beside it to be taken: password sign-in may be off only with a provider.
const BESIDE: Record<string, Record<string, string>> = {
  LOCAL_SIGN_IN: {
    OIDC_ISSUER: 'https://id.example.com',
    OIDC_CLIENT_ID: 'signdesk',
    OIDC_ROLE_MAP: 'admins=admin',
    CONSOLE_PUBLIC_URL: 'https://signdesk.example.com',
  },
  MAX_CONNECTIONS_PER_ADDRESS: { MAX_CONNECTIONS: '1000000' },
};

/** The problems the variable's own parser finds in `value` (none: accepted). */
function problemsWith(entry: SettingEntry, value: string | undefined): string[] {
  const env: Record<string, string | undefined> = { ...BASE, ...BESIDE[entry.name], [entry.name]: value };
  switch (entry.source) {
    case 'console':
      return settingsProblems(env);
    case 'console server': {
      const result = serverSettings(env);
      return result.ok ? [] : result.problems;
    }
    case 'sandbox':
      try {
        readConfig(env as NodeJS.ProcessEnv);
        return [];
      } catch (err) {
        return [String(err)];
      }
    case 'start script': {
      const choice = chooseSigningApi({ ...env, DATABASE_URL: 'postgres://x@db/x' });
      return choice.kind === 'refused' && choice.message.includes(entry.name) ? [choice.message] : [];
    }
  }
}

// What the console server makes of its variables, to compare with the reference's defaults.
const SERVER_VALUE: Record<string, (s: ServerSettings) => unknown> = {
  PORT: (s) => s.port,
  HOST: (s) => s.hostname,
  REQUEST_HEADERS_TIMEOUT_MS: (s) => s.limits.headersMs,
  REQUEST_BODY_TIMEOUT_MS: (s) => s.limits.jsonMs,
  UPLOAD_STALL_MS: (s) => s.limits.windowMs,
  MAX_CONNECTIONS: (s) => s.connections.total,
  MAX_CONNECTIONS_PER_ADDRESS: (s) => s.connections.perAddress,
  SHUTDOWN_TIMEOUT_MS: (s) => s.shutdownMs,
  REQUEST_LOG: (s) => s.requestLog,
};

/** The value the variable's parser gives when it is unset, as text. */
function parsedDefault(entry: SettingEntry): string | undefined {
  const value = (() => {
    switch (entry.source) {
      case 'console':
        return (parseEnv(BASE) as Record<string, unknown>)[entry.name];
      case 'sandbox':
        return (readConfig({ ...BASE } as Record<string, string | undefined> as NodeJS.ProcessEnv) as Record<string, unknown>)[
          entry.name
        ];
      case 'console server': {
        const result = serverSettings({ ...BASE });
        if (!result.ok) throw new Error(result.problems.join('\n'));
        return SERVER_VALUE[entry.name]?.(result.settings);
      }
      case 'start script':
        return undefined;
    }
  })();
  return value === undefined ? undefined : String(value);
}

describe('the configuration reference', () => {
  it('names every variable the schemas read, and .env.example lists the same ones in the same order', () => {
    const names = SETTINGS_REFERENCE.map((e) => e.name);
    const read = [
      ...Object.keys(settingsFields.shape),
      ...Object.keys(sandboxSettingsSchema.shape).filter((n) => !(NOT_SETTINGS as readonly string[]).includes(n)),
      ...SECRET_FILE_VARIABLES.map((n) => `${n}_FILE`),
    ];
    expect(read.filter((n) => !names.includes(n))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(envExample().map(([name]) => name)).toEqual(names);
  });

  it('gives the default .env.example writes for every variable', () => {
    const example = new Map(envExample());
    const disagree = SETTINGS_REFERENCE.filter((e) => e.name !== 'SANDBOX_CONTROL_URL')
      .map((e) => ({ name: e.name, reference: defaultOf(e), example: example.get(e.name) }))
      .filter((d) => d.reference !== d.example);
    expect(disagree).toEqual([]);
  });

  it("gives the default each variable's own parser takes when it is unset", () => {
    const disagree = SETTINGS_REFERENCE.filter((e) => defaultOf(e) !== '')
      .map((e) => ({ name: e.name, reference: defaultOf(e), parsed: parsedDefault(e) }))
      .filter((d) => d.parsed !== undefined && d.parsed !== d.reference);
    expect(disagree).toEqual([]);
    // Every console server variable with a default is compared, not skipped.
    const serverDefaults = SETTINGS_REFERENCE.filter((e) => e.source === 'console server' && defaultOf(e) !== '');
    expect(serverDefaults.map((e) => e.name).filter((n) => !(n in SERVER_VALUE))).toEqual([]);
  });

  it("states the bounds each variable's own parser holds: both ends taken, one past either refused by name", () => {
    const numeric = SETTINGS_REFERENCE.filter((e) => numericBounds(e));
    expect(numeric.length).toBeGreaterThan(25);
    for (const entry of numeric) {
      const [min, max] = numericBounds(entry)!;
      expect(problemsWith(entry, String(min)), `${entry.name}=${min}`).toEqual([]);
      if (max < Number.MAX_SAFE_INTEGER) expect(problemsWith(entry, String(max)), `${entry.name}=${max}`).toEqual([]);
      const below = problemsWith(entry, String(min - 1));
      expect(below.join('\n'), `${entry.name}=${min - 1}`).toContain(entry.name);
      if (max < Number.MAX_SAFE_INTEGER)
        expect(problemsWith(entry, String(max + 1)).join('\n'), `${entry.name}=${max + 1}`).toContain(entry.name);
    }
  });

  it("states the choices each variable's own parser takes", () => {
    const choices = SETTINGS_REFERENCE.filter((e) => shapeOf(e).enum);
    expect(choices.map((e) => e.name)).toEqual(
      expect.arrayContaining(['LOG_LEVEL', 'REQUEST_LOG', 'EMBEDDED_SANDBOX', 'SANDBOX_DIALECT']),
    );
    for (const entry of choices) {
      for (const value of shapeOf(entry).enum!) expect(problemsWith(entry, String(value)), `${entry.name}=${value}`).toEqual([]);
      expect(problemsWith(entry, 'nonsense').join('\n'), `${entry.name}=nonsense`).toContain(entry.name);
    }
  });

  it(`is what ${CONFIGURATION_DOC} says (npm run docs:config writes it)`, async () => {
    expect(read(CONFIGURATION_DOC)).toBe(await renderConfiguration());
  });
});
