import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KNOWN_COMMANDS } from './known-commands.ts';
import { docCommands, simpleCommands, type DocCommand } from './shell-commands.ts';

// Issue 40: every command README.md and docs/**/*.md give in a shell block is either a known
// one, with the test that runs or checks it (known-commands.ts), or only npm scripts of
// package.json, settings of .env.example (or the block's own shell variables) and files that
// exist. A stale command (a script renamed, a file moved) fails here.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const GUIDES = [
  'README.md',
  ...(readdirSync(join(ROOT, 'docs'), { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
];
const SCRIPTS = new Set(
  Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts),
);
const SETTINGS = new Set(
  [...readFileSync(join(ROOT, '.env.example'), 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!),
);
// Read by a command rather than the server (npm run user's password, never a setting).
const COMMAND_SETTINGS = new Set(['SIGNDESK_PASSWORD']);
const KNOWN = new Map(KNOWN_COMMANDS.map((k) => [k.command, k]));

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;
/** A word naming a file of the repository: a relative path with a folder, no URL, not above the checkout. */
const REPO_PATH = /^(\.\/)?[A-Za-z0-9_.-]+\/[A-Za-z0-9_./-]*$/;

/** Why `cmd` is not accounted for, or null when it is. */
function problem(cmd: DocCommand): string | null {
  if (KNOWN.has(cmd.text)) return null;
  let words = cmd.words[0] === 'export' ? cmd.words.slice(1) : cmd.words;
  for (; words.length && ASSIGNMENT.test(words[0]!); words = words.slice(1)) {
    const name = ASSIGNMENT.exec(words[0]!)![1]!;
    const ownVariable = new RegExp(`\\$\\{?${name}\\b`).test(cmd.block);
    if (!SETTINGS.has(name) && !COMMAND_SETTINGS.has(name) && !ownVariable)
      return `sets ${name}, which is no setting of .env.example nor a variable the block uses`;
  }
  if (!words.length) return null;
  const [program, ...args] = words;
  if (program !== 'npm') return `runs ${program}: not an npm script, nor in scripts/lib/docs/known-commands.ts`;
  const flags = (w: string) => w.startsWith('-');
  const [verb, ...rest] = args.filter((w, i) => !(flags(w) && i === 0));
  let script: string | undefined;
  let after: string[] = [];
  if (verb === 'run') {
    const named = rest.filter((w) => !flags(w));
    script = named[0];
    after = rest.slice(rest.indexOf(script ?? '') + 1);
  } else if (verb === 'start' || verb === 'test') {
    script = verb;
    after = rest;
  } else if (verb === 'install' && rest.length === 0) {
    script = 'postinstall';
  } else return `runs npm ${verb}: not a script of package.json`;
  if (!script || !SCRIPTS.has(script)) return `runs npm script "${script}", which package.json does not have`;
  const missing = after.filter((w) => REPO_PATH.test(w) && !w.includes('..') && !existsSync(join(ROOT, w)));
  return missing.length ? `names ${missing.join(', ')}, which the repository does not have` : null;
}

const COMMANDS = GUIDES.flatMap((file) => docCommands(file, readFileSync(join(ROOT, file), 'utf8')));

describe('the commands the docs give', () => {
  it('are found: the README and the running guides give shell blocks', () => {
    const files = new Set(COMMANDS.map((c) => c.file));
    expect([...files]).toEqual(expect.arrayContaining(['README.md', 'docs/running/scale-out.md', 'docs/running/deployment.md']));
    expect(COMMANDS.map((c) => c.text)).toContain('npm run build');
  });

  it('are each a known command, or npm scripts, settings and files that exist', () => {
    const bad = COMMANDS.flatMap((c) => {
      const why = problem(c);
      return why ? [`${c.file}:${c.line}: \`${c.text}\` ${why}`] : [];
    });
    expect(bad).toEqual([]);
  });

  it('have every known command still in a guide, with a test that exists and concerns it', () => {
    const given = new Set(COMMANDS.map((c) => c.text));
    for (const k of KNOWN_COMMANDS) {
      expect(given.has(k.command), `known-commands.ts lists \`${k.command}\`, which no guide gives any more`).toBe(true);
      expect(existsSync(join(ROOT, k.where)), `${k.where} exists`).toBe(true);
      expect(readFileSync(join(ROOT, k.where), 'utf8'), `${k.where} concerns \`${k.command}\``).toContain(k.mentions);
    }
  });
});

describe('problem, on commands a guide might give', () => {
  const check = (line: string, block = line) =>
    simpleCommands(line).map((words) => problem({ file: 'x.md', line: 1, words, text: words.join(' '), block }));

  it('accepts scripts, settings and existing files', () => {
    expect(check('npm install && npm start')).toEqual([null, null]);
    expect(check('PORT=3000 npm start &')).toEqual([null]);
    expect(check("SIGNDESK_PASSWORD='a long password' npm run user -- add --email a@b.c")).toEqual([null]);
    expect(check('export SESSION_PASSWORD=$(openssl rand -base64 48)')).toEqual([null, null]);
    expect(check('npm run --silent sandbox -- key --url http://127.0.0.1:4010 > signing-api.env')).toEqual([null]);
  });

  it('refuses a script package.json lacks, a file that is gone, an unknown program or setting', () => {
    expect(check('npm run docs:build')).toEqual([expect.stringContaining('"docs:build"')]);
    expect(check('npm run sandbox -- --seed deploy/seed/none.json')).toEqual([expect.stringContaining('deploy/seed/none.json')]);
    expect(check('curl -fsS http://127.0.0.1:3000/api/health')).toEqual([expect.stringContaining('runs curl')]);
    expect(check('export SIGNDESK_MODE=fast')).toEqual([expect.stringContaining('SIGNDESK_MODE')]);
    expect(check('npm ci')).toEqual([expect.stringContaining('npm ci')]);
  });

  it('cuts lines as the shell does: quotes, comments, substitutions, an & inside a URL', () => {
    expect(simpleCommands(`a "b c" 'd # e' # f`)).toEqual([['a', 'b c', 'd # e']]);
    expect(simpleCommands('X=$(openssl rand -hex 24) npm start')).toEqual([
      ['openssl', 'rand', '-hex', '24'],
      ['X=$(openssl rand -hex 24)', 'npm', 'start'],
    ]);
    expect(simpleCommands('DATABASE_URL=postgres://h/d?sslmode=require&sslrootcert=/x npm start')).toEqual([
      ['DATABASE_URL=postgres://h/d?sslmode=require'],
      ['sslrootcert=/x', 'npm', 'start'],
    ]);
  });
});
