import 'server-only';
import { describe, expect, it } from 'vitest';
import type { SignaturePackage } from '@/lib/packages/schemas';
import { finishedDetail } from './finished-words';

const pkg = (over: Partial<SignaturePackage>): SignaturePackage =>
  ({
    id: 'pkg_1',
    status: 'declined',
    signers: [
      { name: 'Alice Adams', status: 'declined', declined_at: '2026-11-01T10:00:00Z' },
      { name: 'Ian Ivers', status: 'invited' },
    ],
    ...over,
  }) as SignaturePackage;

describe('finishedDetail', () => {
  it('names only the signer who declined, with the reason', () => {
    expect(finishedDetail(pkg({ decline_reason: 'Wrong address' }))).toBe('Alice Adams declined (Wrong address).');
  });

  it('finds who declined by the time of it when the status does not say', () => {
    const p = pkg({
      signers: [
        { name: 'Alice Adams', status: 'pending' },
        { name: 'Ian Ivers', declined_at: '2026-11-01T10:00:00Z' },
      ],
    });
    expect(finishedDetail(p)).toBe('Ian Ivers declined.');
  });

  it('says a signer declined when none is named as the one', () => {
    expect(finishedDetail(pkg({ signers: [{ name: 'Alice Adams' }, { name: 'Ian Ivers' }] }))).toBe('A signer declined.');
  });

  it('names every signer of a completed package, and those who had not signed of an expired one', () => {
    expect(
      finishedDetail(
        pkg({
          status: 'completed',
          signers: [
            { name: 'Alice Adams', status: 'signed' },
            { name: 'Ian Ivers', status: 'signed' },
          ],
        }),
      ),
    ).toBe('Alice Adams, Ian Ivers: every signer has signed.');
    expect(
      finishedDetail(
        pkg({
          status: 'expired',
          signers: [
            { name: 'Alice Adams', status: 'signed' },
            { name: 'Ian Ivers', status: 'invited' },
          ],
        }),
      ),
    ).toBe('Expired before Ian Ivers had signed.');
  });
});
