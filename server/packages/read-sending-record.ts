import 'server-only';
import { db } from '../db';
import { ConsoleError } from '../errors';
import { readSendingRecord } from '../send-records/read-sending-record';

export const NO_SENDING_RECORD =
  'This console keeps no sending record of that package: it was not sent from here (or not by that id).';

/** The sending record of a package this console sent; NOT_FOUND, saying why, for any other. */
export async function sendingRecordOf({ packageId }: { packageId: string }) {
  const record = await readSendingRecord(await db(), packageId);
  if (!record) throw new ConsoleError(404, 'NOT_FOUND', NO_SENDING_RECORD);
  return record;
}
