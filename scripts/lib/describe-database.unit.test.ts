import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDatabase } from './describe-database.ts';

describe('describeDatabase', () => {
  it('names a PostgreSQL database by user, host, port and name, never its password', () => {
    const text = describeDatabase('postgres://signdesk:s3cr%40t@db.internal/signdesk', '.data/console');
    expect(text).toBe('PostgreSQL signdesk@db.internal:5432/signdesk');
    expect(text).not.toContain('s3cr');
    expect(describeDatabase('postgresql://10.0.0.5:6432/console', 'x')).toBe('PostgreSQL 10.0.0.5:6432/console');
  });

  it('names the SQLite file otherwise', () => {
    expect(describeDatabase(undefined, '.data/console')).toBe(`SQLite ${join(resolve('.data/console'), 'console.db')}`);
  });
});
