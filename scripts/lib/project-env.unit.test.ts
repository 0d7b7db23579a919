import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProjectEnv } from './project-env';

// What .env.example promises of .env values and of the _FILE variables, held to what the
// loader (Next's own) and the secret-file reading do.
const dirs: string[] = [];
const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  process.chdir(cwd);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const cwd = process.cwd();

function inDirWith(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'signdesk-env-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  process.chdir(dir);
  return dir;
}

describe('.env values', () => {
  it('end at # unless quoted, and keep $ only as \\$', () => {
    inDirWith({ '.env': "T_PLAIN=p@ss#word\nT_QUOTED='p@ss#word'\nT_DOLLAR='p@ss#word\\$1'\nT_EXPANDED='a$1b'\n" });
    loadProjectEnv();
    expect(process.env.T_PLAIN).toBe('p@ss');
    expect(process.env.T_QUOTED).toBe('p@ss#word');
    expect(process.env.T_DOLLAR).toBe('p@ss#word$1');
    expect(process.env.T_EXPANDED).toBe('a'); // $1b read as a variable, empty
  });
});

describe('secrets from files', () => {
  it('reads NAME_FILE into NAME, one trailing line end dropped, as it is otherwise', () => {
    const dir = inDirWith({ 'session.txt': 'p@ss#word$1-with-forty-characters-of-text\n' });
    delete process.env.SESSION_PASSWORD;
    process.env.SESSION_PASSWORD_FILE = join(dir, 'session.txt');
    loadProjectEnv();
    expect(process.env.SESSION_PASSWORD).toBe('p@ss#word$1-with-forty-characters-of-text');
  });

  it('refuses a variable given both ways, and a file it cannot read, naming the variable and never the value', () => {
    const dir = inDirWith({ 'key.txt': 'sk_secret_value_0123456789' });
    process.env.SIGNING_API_KEY = 'sk_other';
    process.env.SIGNING_API_KEY_FILE = join(dir, 'key.txt');
    process.env.DATABASE_URL_FILE = join(dir, 'missing.txt');
    expect(() => loadProjectEnv()).toThrow(
      /SIGNING_API_KEY_FILE: SIGNING_API_KEY is set too[\s\S]*DATABASE_URL_FILE: cannot read .*missing\.txt \(ENOENT\)/,
    );
    expect(process.env.SIGNING_API_KEY).toBe('sk_other');
    try {
      loadProjectEnv();
    } catch (err) {
      expect(String(err)).not.toContain('sk_secret_value');
    }
  });
});
