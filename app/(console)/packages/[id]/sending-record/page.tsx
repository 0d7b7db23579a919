import type { Metadata } from 'next';
import { routeId } from '@/lib/route-id';
import { Forbidden } from '@/components/shell/forbidden';
import { SendingRecordView } from '@/components/packages/sending-record/sending-record-view';
import { ErrorState } from '@/components/ui/states';
import { userWith } from '@/server/auth/page-access';
import { db } from '@/server/db';
import { NO_SENDING_RECORD } from '@/server/packages/read-sending-record';
import { readSendingRecord } from '@/server/send-records/read-sending-record';
import { withTeamScope } from '@/server/teams/scope';

export const metadata: Metadata = { title: 'Sending record' };

// Rendered on the server from the console's own database: nothing here asks the API.
export default async function SendingRecordPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, user] = await Promise.all([params, userWith('packages:read')]);
  if (!user) return <Forbidden area="Packages" />;
  const conn = await db();
  const record = await withTeamScope(user, () => readSendingRecord(conn, routeId(id)));
  if (!record) return <ErrorState title="No sending record" message={NO_SENDING_RECORD} />;
  return <SendingRecordView record={record} />;
}
