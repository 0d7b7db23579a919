import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '../lib/roles.ts';
import { EmailTakenError, createUser, findUserByEmail, listUsers, updateUser } from '../server/users/users.ts';
import { recordAudit, shellInstance, type AuditChange, type AuditEntry } from '../server/audit.ts';
import { userChanges } from '../server/users/user-changes.ts';
import { consoleDbTarget, openConsoleDb } from './lib/console-db.ts';
import { loadProjectEnv } from './lib/project-env.ts';

// npm run user -- add --email a@b.c --name "A B" --roles admin,sender [--password ...]
// npm run user -- roles --email a@b.c --roles viewer
// npm run user -- disable|enable --email a@b.c
// npm run user -- password --email a@b.c [--password ...]
// npm run user -- list
const USAGE = `Usage:
  npm run user -- add --email <e-mail> --name <name> --roles <role,...> [--password <password>]
  npm run user -- roles --email <e-mail> --roles <role,...>
  npm run user -- disable --email <e-mail>
  npm run user -- enable --email <e-mail>
  npm run user -- password --email <e-mail> [--password <password>]
  npm run user -- list
Roles: ${ROLES.join(', ')}. Without --password, the password is read from the SIGNDESK_PASSWORD variable.`;

function parseRolesArg(text: string | undefined): Role[] {
  const roles = (text ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const bad = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (roles.length === 0 || bad.length > 0)
    throw new Error(`--roles must list one or more of ${ROLES.join(', ')}${bad.length ? ` (unknown: ${bad.join(', ')})` : ''}.`);
  return roles as Role[];
}

function passwordArg(value: string | undefined): string {
  const password = value ?? process.env.SIGNDESK_PASSWORD;
  if (!password || password.length < 12)
    throw new Error('A password of at least 12 characters is required (--password or SIGNDESK_PASSWORD).');
  return password;
}

/** An account change made here, in the audit log as done from a shell by its OS user, not by a console instance. */
async function auditFromShell(conn: Awaited<ReturnType<typeof openConsoleDb>>, email: string, changes: AuditChange[]) {
  const [first, ...more] = changes.map((change): AuditEntry => ({
    user: null,
    operation: change.operation,
    targetType: 'user',
    targetId: email,
    outcome: 'success',
    status: 200,
    details: { ...change.details, via: 'command line', os_user: userInfo().username },
    instance: shellInstance(),
  }));
  if (first) await recordAudit(conn, first, ...more);
}

// The accounts must land where the server will look for them: its .env files, then the environment.
loadProjectEnv();

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      roles: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const database = consoleDbTarget().label;
  const conn = await openConsoleDb();
  try {
    if (command === 'list') {
      // On stderr, so the list itself stays one account a line for scripts.
      console.error(`Accounts in ${database}:`);
      for (const u of await listUsers(conn))
        console.log(`${u.email}\t${u.roles.join(',')}\t${u.disabled ? 'disabled' : 'active'}`);
      return;
    }
    if (!values.email) throw new Error(USAGE);
    if (command === 'add') {
      const user = await createUser(conn, {
        email: values.email,
        name: values.name ?? values.email.split('@')[0]!,
        password: passwordArg(values.password),
        roles: parseRolesArg(values.roles),
      });
      await auditFromShell(conn, user.email, [{ operation: 'user.create', details: { roles: user.roles } }]);
      console.log(`Added ${user.email} with roles ${user.roles.join(', ')} to ${database}.`);
      return;
    }
    const existing = await findUserByEmail(conn, values.email);
    if (!existing) throw new Error(`No account for ${values.email}.`);
    if (command === 'roles') {
      const roles = parseRolesArg(values.roles);
      await updateUser(conn, existing.id, { roles });
      await auditFromShell(conn, existing.email, userChanges({ roles }));
    } else if (command === 'disable' || command === 'enable') {
      await updateUser(conn, existing.id, { disabled: command === 'disable' });
      await auditFromShell(conn, existing.email, userChanges({ disabled: command === 'disable' }));
    } else if (command === 'password') {
      await updateUser(conn, existing.id, { password: passwordArg(values.password) });
      await auditFromShell(conn, existing.email, [{ operation: 'user.password_reset' }]);
    } else throw new Error(USAGE);
    console.log(`Updated ${existing.email} in ${database}.`);
  } finally {
    await conn.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof EmailTakenError || err instanceof Error ? err.message : String(err));
  process.exit(1);
});
