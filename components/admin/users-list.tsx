'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, useContext, useMemo, useState } from 'react';
import { formatDate } from '@/lib/format';
import { usersQuery, type AdminUser } from '@/lib/admin/queries';
import { teamsQuery } from '@/lib/teams/queries';
import type { MembershipSource as Source } from '@/lib/teams/schemas';
import { ROLES } from '@/lib/roles';
import { DataTable } from '../list/data-table';
import { QueryState } from '../ui/query-state';
import { SearchField, SelectField } from '../ui/field';
import { Badge, EmptyState, TableSkeleton } from '../ui/states';
import { AccountAccessButton } from './account-access-button';
import { ResetPasswordButton } from './reset-password-dialog';
import { RolesButton } from './roles-dialog';
import { MembershipSource } from './teams/membership-source';

/** A person's active teams, and how they came to be in each. */
type UserTeams = ReadonlyMap<string, { name: string; source: Source }[]>;

const STATES = [
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];

// The table renders each column's cell as a component of its own (flexRender), so columns made
// anew would mount every cell anew, closing a dialog a row has open: the columns depend on the
// reader alone, and the teams, read apart and later, reach their cells through a context.
const TeamsOfUsers = createContext<UserTeams | undefined>(undefined);

/** A person's teams, and where each membership came from; "…" while the teams are being read. */
function TeamsCell({ user }: { user: AdminUser }) {
  const teams = useContext(TeamsOfUsers);
  // Not known yet (the teams are still being read) is not "no team".
  if (!teams) return <span className="text-sm text-slate-600">…</span>;
  const mine = teams.get(user.id) ?? [];
  if (mine.length === 0) return <span className="text-sm text-slate-600">No team</span>;
  return (
    <ul className="flex flex-col gap-1" aria-label={`Teams of ${user.name}`}>
      {mine.map((t) => (
        <li key={t.name} className="flex flex-wrap items-center gap-1 text-sm">
          <span className="text-slate-900">{t.name}</span> <MembershipSource source={t.source} />
        </li>
      ))}
    </ul>
  );
}

function columns(currentUserId: string): ColumnDef<AdminUser, unknown>[] {
  return [
    {
      header: 'Name',
      cell: ({ row }) => (
        <span className="font-medium text-slate-900">
          {row.original.name} {row.original.id === currentUserId && <Badge tone="blue">you</Badge>}
        </span>
      ),
    },
    { header: 'E-mail', cell: ({ row }) => row.original.email },
    {
      header: 'Roles',
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          {ROLES.filter((r) => row.original.roles.includes(r)).map((r) => (
            <Badge key={r} tone={r === 'admin' ? 'amber' : 'gray'}>
              {r}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      header: 'Teams',
      cell: ({ row }) => <TeamsCell user={row.original} />,
    },
    {
      header: 'Sign-in',
      cell: ({ row }) => (
        <span className="text-sm">
          <span className="block">{row.original.origin === 'oidc' ? 'Identity provider' : 'Password'}</span>
          <span className="block text-xs text-slate-600">
            {row.original.last_sign_in_at ? `Last ${formatDate(row.original.last_sign_in_at)}` : 'Never signed in'}
          </span>
        </span>
      ),
    },
    {
      header: 'Status',
      cell: ({ row }) => (row.original.disabled ? <Badge tone="red">disabled</Badge> : <Badge tone="green">active</Badge>),
    },
    { header: 'Created', cell: ({ row }) => formatDate(row.original.created_at) },
    {
      header: 'Actions',
      cell: ({ row }) => (
        <span className="flex gap-2">
          {/* A provider's account takes its roles from its groups and has no password here. */}
          {row.original.origin === 'oidc' ? (
            <span className="self-center text-xs text-slate-600">Roles from its groups</span>
          ) : (
            <RolesButton user={row.original} />
          )}
          {/* One's own account is not offered for disabling or a reset: the API refuses both anyway. */}
          {row.original.id !== currentUserId && (
            <>
              {row.original.origin !== 'oidc' && <ResetPasswordButton user={row.original} />}
              <AccountAccessButton user={row.original} />
            </>
          )}
        </span>
      ),
    },
  ];
}

/** Every console account, filtered in the browser (the list is small and not paged). */
export function UsersList({ currentUserId }: { currentUserId: string }) {
  const query = useQuery(usersQuery());
  const teamsRead = useQuery(teamsQuery());
  const teams = useMemo(() => {
    if (!teamsRead.data) return undefined;
    const byUser = new Map<string, { name: string; source: Source }[]>();
    for (const team of teamsRead.data)
      if (team.archived_at === null)
        for (const m of team.members)
          byUser.set(m.user_id, [...(byUser.get(m.user_id) ?? []), { name: team.name, source: m.source }]);
    return byUser;
  }, [teamsRead.data]);
  const [text, setText] = useState('');
  const [state, setState] = useState<'' | 'active' | 'disabled'>('');
  const cols = useMemo(() => columns(currentUserId), [currentUserId]);
  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return (query.data ?? []).filter(
      (u) =>
        (!needle || u.email.includes(needle) || u.name.toLowerCase().includes(needle)) &&
        (!state || (state === 'disabled') === u.disabled),
    );
  }, [query.data, text, state]);

  if (query.isPending || query.isError) return <QueryState query={query} skeleton={<TableSkeleton columns={5} />} />;
  const disabled = query.data.filter((u) => u.disabled).length;
  return (
    <div aria-busy={query.isFetching}>
      <div role="search" className="mb-4 flex flex-wrap items-end gap-3">
        <SearchField
          label="Find a user"
          className="min-w-64 flex-1"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Name or e-mail"
        />
        <SelectField
          label="Status"
          value={state}
          onChange={(e) => setState(e.target.value as typeof state)}
          blank="All"
          options={STATES}
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState
          title="No account matches"
          action={
            <button
              className="text-sm font-medium text-brand-700 underline"
              onClick={() => {
                setText('');
                setState('');
              }}
            >
              Clear the filters
            </button>
          }
        />
      ) : (
        <TeamsOfUsers.Provider value={teams}>
          <DataTable columns={cols} data={shown} caption="Console users" />
        </TeamsOfUsers.Provider>
      )}
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {shown.length === query.data.length
          ? `${query.data.length} accounts`
          : `Showing ${shown.length} of ${query.data.length} accounts`}
        {disabled > 0 && `, ${disabled} disabled`}
      </p>
    </div>
  );
}
