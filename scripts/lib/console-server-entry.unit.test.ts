import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consoleServerArgs, consoleServerEntry } from './console-server-entry.ts';

describe('consoleServerEntry', () => {
  it('bundles the console server into one module plain node accepts, named by its content', () => {
    const file = consoleServerEntry();
    expect(consoleServerEntry()).toBe(file);
    const code = readFileSync(file, 'utf8');
    // The edge modules are inside; packages are imported from the project.
    expect(code).toContain('function pinForwardedHeaders');
    expect(code).toMatch(/from "next"/);
    expect(() => execFileSync(process.execPath, ['--check', file])).not.toThrow();
  });

  it('falls back to the source under tsx where the project cannot be written to', () => {
    // sysfs refuses new directories even to root
    expect(consoleServerArgs('/sys/signdesk-console-server')).toEqual([
      '--import',
      'tsx',
      expect.stringMatching(/scripts\/console-server\.ts$/),
    ]);
    expect(consoleServerArgs()).toEqual([consoleServerEntry()]);
  });
});
