import type { Role } from '../../lib/roles.ts';
import { connect, migrate } from '../../server/db/connect.ts';
import { EmailTakenError, createUser } from '../../server/users/users.ts';
import { hashPassword } from '../../server/users/password.ts';

// The pieces every stack a test or bench starts is made of: the console's accounts here, and a
// free port, a built console and the wait for it to answer from console-process.ts.
// The users module imports 'server-only': vitest aliases it, benches run under
// `node --conditions=react-server --import tsx`.

export * from './console-process.ts';

export interface StackUser {
  email: string;
  name: string;
  password: string;
  roles: Role[];
}

/**
 * Opens the console database a console started with `dataDir` (or `databaseUrl`) will open,
 * migrates it and creates the accounts; with `keepExisting` an account already there is kept
 * (a shared PostgreSQL database outlives one console).
 */
// The stacks' accounts share one password: hashed once per process (at full cost, so signing
// in is as in production), not four times per console started.
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

export async function createUsers(opts: { dataDir: string; databaseUrl?: string; users: StackUser[]; keepExisting?: boolean }) {
  const conn = await connect({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl });
  try {
    await migrate(conn, Boolean(opts.databaseUrl));
    for (const user of opts.users) {
      await createUser(conn, user, hashOnce(user.password)).catch((err: unknown) => {
        if (!(opts.keepExisting && err instanceof EmailTakenError)) throw err;
      });
    }
  } finally {
    await conn.destroy();
  }
}
