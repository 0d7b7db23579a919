import 'server-only';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// An instance whose first use of the database falls into an outage must not keep that
// failure: the next request connects again, so the outage ends without a restart.
const connectMock = vi.hoisted(() => vi.fn());
const migrateMock = vi.hoisted(() => vi.fn());
vi.mock('./connect', () => ({ connect: connectMock, migrate: migrateMock }));

beforeAll(() => {
  vi.stubEnv('SIGNING_API_BASE_URL', 'https://api.example.com');
  vi.stubEnv('SIGNING_API_KEY', 'db-index-unit-test-key-0123456789');
  vi.stubEnv('SESSION_PASSWORD', 'db-index-unit-test-session-password-0123456789');
  vi.stubEnv('DATABASE_URL', 'postgres://signdesk@db.internal:5432/signdesk');
});
afterAll(() => vi.unstubAllEnvs());

describe('db()', () => {
  it('tries again after a failed first connection, and keeps the connection once it works', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const first = { destroy: vi.fn(async () => undefined) };
    const second = { destroy: vi.fn(async () => undefined) };
    connectMock.mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    migrateMock.mockRejectedValueOnce(refused).mockResolvedValueOnce(undefined);
    const { db } = await import('./index');

    await expect(db()).rejects.toBe(refused);
    expect(first.destroy).toHaveBeenCalledOnce();
    expect(await db()).toBe(second);
    expect(await db()).toBe(second);
    expect(connectMock).toHaveBeenCalledTimes(2);
  });
});
