import 'server-only';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const BASE = {
  SIGNING_API_BASE_URL: 'https://acme.signing.example.com',
  SIGNING_API_KEY: 'env-unit-test-key-0123456789',
  SESSION_PASSWORD: 'env-unit-test-session-password-0123456789',
};
const parse = (vars: Record<string, string | undefined>) => parseEnv({ ...BASE, ...vars });
const failure = (vars: Record<string, string | undefined>) => {
  try {
    parse(vars);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(vars)}`);
};

describe('API addresses', () => {
  const LOOPBACK = ['http://localhost:4010', 'http://127.0.0.1:4010', 'http://127.8.9.10', 'http://[::1]:8080/'];

  it('take https anywhere and plain http on loopback only', () => {
    for (const name of ['SIGNING_API_BASE_URL', 'SANDBOX_CONTROL_URL']) {
      expect(parse({ [name]: 'https://api.example.com/' })[name as 'SIGNING_API_BASE_URL']).toBe('https://api.example.com');
      for (const url of LOOPBACK) expect(() => parse({ [name]: url }), url).not.toThrow();
    }
  });

  it('refuse plain http elsewhere, naming the variable', () => {
    for (const name of ['SIGNING_API_BASE_URL', 'SANDBOX_CONTROL_URL']) {
      for (const url of [
        'http://api.example.com',
        'http://10.0.0.5:4010',
        'http://0.0.0.0:4010',
        'http://localhost.example.com',
        'http://127.0.0.1.example.com',
        'http://[::2]',
      ]) {
        const message = failure({ [name]: url });
        expect(message, url).toContain(`${name}: ${name} must be an https:// URL`);
        expect(message).toMatch(/localhost, 127\.0\.0\.0\/8 or \[::1\]/);
      }
      expect(failure({ [name]: 'ftp://api.example.com' })).toContain(name);
    }
  });

  it('still read an empty SANDBOX_CONTROL_URL as unset', () => {
    expect(parse({ SANDBOX_CONTROL_URL: '' }).SANDBOX_CONTROL_URL).toBeUndefined();
  });
});

describe('TRUSTED_PROXIES', () => {
  it('is empty (trust no forwarding header) when unset or blank', () => {
    expect(parse({}).TRUSTED_PROXIES).toEqual([]);
    expect(parse({ TRUSTED_PROXIES: ' ' }).TRUSTED_PROXIES).toEqual([]);
  });

  it('takes addresses and CIDR ranges of both families, and loopback', () => {
    const list = ' 10.0.0.5, 10.0.0.0/8 ,192.168.1.0/24,::1, fd00::/8, 2001:db8::17/128, ::ffff:10.1.2.3, loopback,0.0.0.0/0';
    expect(parse({ TRUSTED_PROXIES: list }).TRUSTED_PROXIES).toEqual([
      '10.0.0.5',
      '10.0.0.0/8',
      '192.168.1.0/24',
      '::1',
      'fd00::/8',
      '2001:db8::17/128',
      '::ffff:10.1.2.3',
      'loopback',
      '0.0.0.0/0',
    ]);
  });

  it('refuses a bad entry at start-up, naming it, and skips empty ones', () => {
    for (const bad of [
      '10.0.0.300',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      'proxy.internal',
      '10.0.0.1/-1',
      'local',
      'LOOPBACK',
    ]) {
      const message = failure({ TRUSTED_PROXIES: `10.0.0.1, ${bad}` });
      expect(message, bad).toContain(`TRUSTED_PROXIES: "${bad}" is not an IP address, a CIDR range or "loopback"`);
    }
    expect(parse({ TRUSTED_PROXIES: '10.0.0.1,,10.0.0.2,' }).TRUSTED_PROXIES).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});

describe('SESSION_PASSWORD', () => {
  const A = 'session-password-A-0123456789-abcdefghijkl';
  const B = 'session-password-B-0123456789-abcdefghijkl';
  const keys = (value: string) => parse({ SESSION_PASSWORD: value }).SESSION_PASSWORD;

  it('gives a plain password an id of its own, the same wherever it stands', () => {
    const [a] = keys(A);
    expect(a).toEqual({ id: expect.stringMatching(/^\d{15}$/), secret: A });
    expect(keys(`${B}, ${A}`)[1]).toEqual(a);
    expect(keys(`${A},${B}`)[0]).toEqual(a);
    expect(keys(B)[0]!.id).not.toBe(a!.id);
  });

  it('takes id:password entries with a positive integer id', () => {
    expect(keys(`2:${B},1:${A}`)).toEqual([
      { id: '2', secret: B },
      { id: '1', secret: A },
    ]);
  });

  it('refuses short passwords, a repeated id or password, and says which entry without quoting it', () => {
    const short = failure({ SESSION_PASSWORD: `${A},3:too-short` });
    expect(short).toContain('SESSION_PASSWORD: entry 2 must be at least 32 characters');
    expect(short).not.toContain('too-short');
    expect(failure({ SESSION_PASSWORD: `1:${A},1:${B}` })).toContain('SESSION_PASSWORD: entries 1 and 2 have the same id');
    expect(failure({ SESSION_PASSWORD: `${A},${A}` })).toContain('SESSION_PASSWORD: entries 1 and 2 have the same id');
    expect(failure({ SESSION_PASSWORD: ' , ' })).toContain('SESSION_PASSWORD: at least one password is required');
  });
});

describe('INSTANCE_ID', () => {
  it('names the instance in the audit log, and a bad name stops start-up naming the variable', () => {
    expect(parse({ INSTANCE_ID: ' console-a ' }).INSTANCE_ID).toBe('console-a');
    expect(parse({}).INSTANCE_ID).toBeUndefined();
    expect(failure({ INSTANCE_ID: 'x'.repeat(101) })).toContain('INSTANCE_ID: at most 100 characters');
    expect(failure({ INSTANCE_ID: 'console\nb' })).toContain('INSTANCE_ID: printable ASCII only');
  });
});

describe('sign-in with an identity provider (OIDC_*)', () => {
  const OIDC = {
    OIDC_ISSUER: 'https://login.example.com/realms/acme',
    OIDC_CLIENT_ID: 'signdesk',
    OIDC_ROLE_MAP: 'signdesk-admins=admin,signdesk-senders=sender',
    CONSOLE_PUBLIC_URL: 'https://signdesk.example.com',
  };

  it('is off without OIDC_ISSUER, and local sign-in stays on', () => {
    expect(parse({})).toMatchObject({ oidc: null, LOCAL_SIGN_IN: true });
    expect(parse({ OIDC_ISSUER: '', OIDC_SCOPES: '' }).oidc).toBeNull();
  });

  it('derives the redirect URL from the public URL and takes the defaults', () => {
    expect(parse(OIDC).oidc).toEqual({
      issuer: 'https://login.example.com/realms/acme',
      clientId: 'signdesk',
      clientSecret: undefined,
      scopes: ['openid', 'email', 'profile'],
      groupsClaim: 'groups',
      roleMap: new Map([
        ['signdesk-admins', ['admin']],
        ['signdesk-senders', ['sender']],
      ]),
      teamMap: null,
      providerName: 'single sign-on',
      redirectUri: 'https://signdesk.example.com/api/auth/oidc/callback',
    });
    expect(parse({ ...OIDC, OIDC_GROUPS_CLAIM: 'realm_access.roles', LOCAL_SIGN_IN: 'false' })).toMatchObject({
      oidc: { groupsClaim: 'realm_access.roles' },
      LOCAL_SIGN_IN: false,
    });
  });

  it('reads OIDC_TEAM_MAP as group=team pairs and refuses one that is not', () => {
    expect(parse({ ...OIDC, OIDC_TEAM_MAP: 'hr-staff=HR, legal=Legal,hr-staff=People' }).oidc?.teamMap).toEqual(
      new Map([
        ['hr-staff', ['HR', 'People']],
        ['legal', ['Legal']],
      ]),
    );
    expect(failure({ ...OIDC, OIDC_TEAM_MAP: 'hr-staff' })).toMatch(/OIDC_TEAM_MAP: “hr-staff” is not group=team/);
  });

  it('stops start-up naming each variable to fix', () => {
    expect(failure({ OIDC_ISSUER: OIDC.OIDC_ISSUER })).toMatch(
      /OIDC_CLIENT_ID: is required[\s\S]*OIDC_ROLE_MAP: is required[\s\S]*CONSOLE_PUBLIC_URL: is required/,
    );
    expect(failure({ ...OIDC, OIDC_ROLE_MAP: 'admins=root' })).toMatch(/OIDC_ROLE_MAP: “root” in “admins=root” is not a role/);
    expect(failure({ ...OIDC, OIDC_SCOPES: 'email profile' })).toMatch(/OIDC_SCOPES: must include openid/);
    expect(failure({ ...OIDC, OIDC_ISSUER: 'http://login.example.com' })).toMatch(/OIDC_ISSUER: .*https:\/\//);
    expect(failure({ OIDC_CLIENT_ID: 'signdesk' })).toMatch(/OIDC_ISSUER: is required once any OIDC_ variable is set/);
    expect(failure({ LOCAL_SIGN_IN: 'false' })).toMatch(/LOCAL_SIGN_IN: can be false only with OIDC_ISSUER set/);
    expect(failure({ ...OIDC, LOCAL_SIGN_IN: 'no' })).toMatch(/LOCAL_SIGN_IN: must be true or false/);
  });
});

describe('DATABASE_POOL_MAX', () => {
  it('caps each instance’s PostgreSQL connections, 10 (pg’s own default) when unset or blank', () => {
    expect(parse({}).DATABASE_POOL_MAX).toBe(10);
    expect(parse({ DATABASE_POOL_MAX: ' ' }).DATABASE_POOL_MAX).toBe(10);
    expect(parse({ DATABASE_POOL_MAX: '1' }).DATABASE_POOL_MAX).toBe(1);
    expect(parse({ DATABASE_POOL_MAX: '1000' }).DATABASE_POOL_MAX).toBe(1000);
  });

  it('refuses anything but a whole number from 1 to 1000, naming the variable', () => {
    for (const value of ['0', '1001', '2.5', '-3', 'ten', '1e2'])
      expect(failure({ DATABASE_POOL_MAX: value }), value).toContain('DATABASE_POOL_MAX: must be a whole number from 1 to 1000');
  });
});

describe('METRICS_TOKEN', () => {
  const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

  it('is off (no metrics at all) when unset or blank', () => {
    expect(parse({}).METRICS_TOKEN).toBeUndefined();
    expect(parse({ METRICS_TOKEN: '  ' }).METRICS_TOKEN).toBeUndefined();
    expect(parse({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });

  it('refuses a short token or one a header cannot carry, without quoting it', () => {
    for (const bad of ['too-short-token', `${TOKEN} with spaces`, `${TOKEN}\u00e9`]) {
      const message = failure({ METRICS_TOKEN: bad });
      expect(message).toContain('METRICS_TOKEN');
      expect(message).not.toContain(bad);
    }
    expect(failure({ METRICS_TOKEN: 'x'.repeat(31) })).toContain('at least 32 characters');
  });
});

describe('TEAM_VISIBILITY', () => {
  it('is team unless everyone is asked for, and nothing else', () => {
    expect(parse({}).TEAM_VISIBILITY).toBe('team');
    expect(parse({ TEAM_VISIBILITY: 'everyone' }).TEAM_VISIBILITY).toBe('everyone');
    expect(failure({ TEAM_VISIBILITY: 'all' })).toMatch(/TEAM_VISIBILITY: must be team or everyone/);
  });
});

describe('notification e-mail settings', () => {
  const MAIL = {
    SMTP_URL: 'smtp://user:pa55@mail.example.com:587',
    MAIL_FROM: 'Signdesk <signdesk@example.com>',
    CONSOLE_PUBLIC_URL: 'https://signdesk.example.com',
  };

  it('is off when SMTP_URL is unset or blank, and takes smtp:// and smtps:// with a sender and the public URL', () => {
    expect(parse({}).SMTP_URL).toBeUndefined();
    expect(parse({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(parse(MAIL).SMTP_URL).toBe(MAIL.SMTP_URL);
    expect(parse({ ...MAIL, SMTP_URL: 'smtps://mail.example.com:465' }).SMTP_URL).toBe('smtps://mail.example.com:465');
  });

  it('refuses another scheme, and SMTP_URL without MAIL_FROM or CONSOLE_PUBLIC_URL, naming each, never quoting the URL', () => {
    const scheme = failure({ ...MAIL, SMTP_URL: 'http://user:pa55@mail.example.com' });
    expect(scheme).toMatch(/SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(scheme).not.toContain('pa55');
    expect(failure({ SMTP_URL: MAIL.SMTP_URL })).toMatch(
      /MAIL_FROM: is required with SMTP_URL[\s\S]*CONSOLE_PUBLIC_URL: is required with SMTP_URL/,
    );
    expect(failure({ ...MAIL, MAIL_FROM: 'not an address' })).toMatch(/MAIL_FROM: is required with SMTP_URL/);
  });
});
