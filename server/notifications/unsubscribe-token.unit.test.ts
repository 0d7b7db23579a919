import 'server-only';
import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, signUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token';

const SECRET = 'a-session-password-of-at-least-32-characters';
const OLD = 'the-password-before-a-rotation-0123456789';
const claim: UnsubscribeClaim = { userId: 'usr_1', kind: 'package.completed', channel: 'email', version: 3 };

describe('unsubscribe tokens', () => {
  it('read back what they were made for, under the key that made them or any other configured', () => {
    const token = signUnsubscribeToken(claim, SECRET);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/); // safe in a URL path as it is
    expect(readUnsubscribeToken(token, [SECRET])).toEqual(claim);
    expect(readUnsubscribeToken(signUnsubscribeToken(claim, OLD), [SECRET, OLD])).toEqual(claim);
  });

  it('carry no secret: the session password is not in them, nor is the key', () => {
    const token = signUnsubscribeToken(claim, SECRET);
    const decoded = token
      .split('.')
      .map((p) => Buffer.from(p, 'base64url').toString('latin1'))
      .join(' ');
    expect(decoded).not.toContain(SECRET);
  });

  it('cannot be forged or altered: another person, kind, channel or version fails', () => {
    const token = signUnsubscribeToken(claim, SECRET);
    const [body, mac] = token.split('.') as [string, string];
    const altered = (c: Partial<UnsubscribeClaim>) =>
      `${Buffer.from(JSON.stringify(Object.values({ ...claim, ...c }))).toString('base64url')}.${mac}`;
    expect(readUnsubscribeToken(altered({ userId: 'usr_2' }), [SECRET])).toBeNull();
    expect(readUnsubscribeToken(altered({ kind: 'package.declined' }), [SECRET])).toBeNull();
    expect(readUnsubscribeToken(altered({ version: 4 }), [SECRET])).toBeNull();
    expect(readUnsubscribeToken(`${body}.${mac.slice(0, -2)}AA`, [SECRET])).toBeNull();
    expect(readUnsubscribeToken(signUnsubscribeToken(claim, 'somebody-elses-secret-of-32-characters!!'), [SECRET])).toBeNull();
    for (const junk of [
      '',
      '.',
      'abc',
      `${body}.`,
      `.${mac}`,
      `${body}.${mac}.x`,
      'x'.repeat(5000),
      `${Buffer.from('[1,2]').toString('base64url')}.${mac}`,
    ])
      expect(readUnsubscribeToken(junk, [SECRET])).toBeNull();
  });
});
