import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './project-commands';

// deploy/systemd/signdesk.service, checked by systemd's own tools: `systemd-analyze verify`
// (which exits 0 on a misspelled directive, only printing it: any output fails here) and
// `systemd-analyze security --offline=yes` for the hardening.
const UNIT = readFileSync(join(ROOT, 'deploy/systemd/signdesk.service'), 'utf8');
const ANALYZE = '/usr/bin/systemd-analyze';
const dir = mkdtempSync(join(tmpdir(), 'signdesk-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The unit as a file named signdesk.service (verify reads the type from the name); node where this machine has it. */
function unitFile(text: string): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}`, 'signdesk.service');
  spawnSync('mkdir', ['-p', join(file, '..')]);
  writeFileSync(file, existsSync('/usr/bin/node') ? text : text.replace('/usr/bin/node', process.execPath));
  return file;
}

function verify(text: string) {
  const run = spawnSync(ANALYZE, ['verify', unitFile(text)], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

/** The unit's [Service] settings, each name to its values (a name may repeat). */
function settings(text: string): Map<string, string[]> {
  const service = text.slice(text.indexOf('[Service]'), text.indexOf('[Install]'));
  const map = new Map<string, string[]>();
  for (const line of service.split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (m) map.set(m[1]!, [...(map.get(m[1]!) ?? []), m[2]!]);
  }
  return map;
}

describe.skipIf(!existsSync(ANALYZE))('deploy/systemd/signdesk.service', () => {
  it('passes systemd-analyze verify without a word', () => {
    expect(verify(UNIT)).toEqual({ status: 0, output: '' });
  });

  it('fails the same check when broken: a misspelled directive, a bad value, a missing program', () => {
    for (const [from, to] of [
      ['ProtectHome=yes', 'ProtectHomee=yes'],
      ['RestrictAddressFamilies=AF_INET ', 'RestrictAddressFamilies=AF_INETT '],
      ['Restart=on-failure', 'Restart=sometimes'],
      ['ExecStart=/usr/bin/node', 'ExecStart=/usr/bin/no-such-node'],
    ] as const) {
      expect(UNIT, from).toContain(from);
      const result = verify(UNIT.replace(from, to));
      expect(result.status !== 0 || result.output !== '', to).toBe(true);
    }
  });

  it('runs what npm start runs, as signdesk, restarted on failure, with the settings file', () => {
    const s = settings(UNIT);
    const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(s.get('ExecStart')).toEqual([start.replace(/^node /, '/usr/bin/node ')]);
    expect(s.get('WorkingDirectory')).toEqual(['/opt/signdesk']);
    expect(s.get('User')).toEqual(['signdesk']);
    expect(s.get('Restart')).toEqual(['on-failure']);
    expect(s.get('EnvironmentFile')).toEqual(['/etc/signdesk/signdesk.env']);
    // The console's graceful shutdown ends within 25 s: systemd must wait for it, and not much longer.
    const stop = Number(/^(\d+)s$/.exec(s.get('TimeoutStopSec')?.[0] ?? '')?.[1]);
    expect(stop).toBeGreaterThanOrEqual(27);
    expect(stop).toBeLessThanOrEqual(60);
    expect(Number(s.get('LimitNOFILE')?.[0])).toBeGreaterThanOrEqual(8192);
  });

  it('is hardened, without MemoryDenyWriteExecute (V8 compiles code at run time)', () => {
    const s = settings(UNIT);
    expect(
      Object.fromEntries(
        [...s].filter(([k]) =>
          /^(NoNewPrivileges|ProtectSystem|ProtectHome|PrivateTmp|CapabilityBoundingSet|RestrictAddressFamilies|SystemCallFilter)$/.test(
            k,
          ),
        ),
      ),
    ).toEqual({
      NoNewPrivileges: ['yes'],
      ProtectSystem: ['strict'],
      ProtectHome: ['yes'],
      PrivateTmp: ['yes'],
      CapabilityBoundingSet: [''],
      RestrictAddressFamilies: ['AF_INET AF_INET6 AF_UNIX'],
      SystemCallFilter: ['@system-service'],
    });
    expect(s.get('ReadWritePaths')?.[0]?.split(' ')).toContain('/var/lib/signdesk');
    expect(s.has('MemoryDenyWriteExecute')).toBe(false);
    const security = spawnSync(ANALYZE, ['security', '--offline=yes', '--no-pager', unitFile(UNIT)], {
      cwd: dir,
      encoding: 'utf8',
    });
    const level = /Overall exposure level for signdesk\.service: ([\d.]+)/.exec(security.stdout)?.[1];
    expect(level, security.stdout + security.stderr).toBeDefined();
    // systemd's scale: 0 (locked down) to 10 (unprotected); below 2 is "OK".
    expect(Number(level)).toBeLessThan(2);
  });
});
