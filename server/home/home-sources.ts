import 'server-only';
import type { ApprovalRequest } from '@/lib/approval-requests/schemas';
import type { SignaturePackage } from '@/lib/packages/schemas';
import { env } from '../env';
import { writeGeneration } from '../signing-api/client/read-sharing';
import { listRequests } from '../signing-api/approval-requests';
import { listPackages } from '../signing-api/packages';
import { listDocuments } from '../signing-api/documents';
import type { DocumentItem } from '@/lib/documents/schemas';
import type { HomeSources } from './home-source-types';

// What home reads of the API, the same for every user of the app: a few list pages, kept for
// a short while and dropped as soon as one of this console's writes touches their resources,
// so a hundred people opening home cost the API one read per list and window, not a hundred.

/** The most home reads of one list: the first pages of the largest size. */
const PAGE_SIZE = 100;
const MAX_PAGES = 2;

const cache = new Map<string, { at: number; generation: number; value: Promise<unknown> }>();

function cached<T>(key: string, family: string, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const generation = writeGeneration(family);
  const hit = cache.get(key);
  if (hit && hit.generation === generation && now - hit.at < env().HOME_CACHE_SECONDS * 1000) return hit.value as Promise<T>;
  const value = read();
  cache.set(key, { at: now, generation, value });
  // A failed read is not kept: the next view asks again.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

async function allPages<T>(read: (page: number) => Promise<{ data: T[]; pagination: { pages: number; total: number } }>) {
  const first = await read(1);
  const rows = [...first.data];
  for (let page = 2; page <= Math.min(first.pagination.pages, MAX_PAGES); page++) rows.push(...(await read(page)).data);
  return { rows, total: first.pagination.total };
}

/** Approval requests of the app in one status. */
export const requestsIn = (status: string) =>
  cached(`requests:${status}`, '/approval-requests', () =>
    allPages<ApprovalRequest>((page) => listRequests({ status, page, size: PAGE_SIZE })),
  );

/** The app's approval requests in any status, newest first as the API lists them (what was decided). */
export const recentRequests = () =>
  cached('requests:*', '/approval-requests', () => allPages<ApprovalRequest>((page) => listRequests({ page, size: PAGE_SIZE })));

/** Active (not archived) signature packages in one status. */
export const packagesIn = (status: string) =>
  cached(`packages:${status}`, '/signature-packages', () =>
    allPages<SignaturePackage>((page) => listPackages({ status, page, size: PAGE_SIZE })),
  );

/** The app's documents, as the API lists them. */
export const recentDocuments = () =>
  cached('documents', '/documents', () => allPages<DocumentItem>((page) => listDocuments({ page, size: PAGE_SIZE })));

/** Home's packages and requests as the API lists them: what Home read before the watcher, and when it is off. */
export const apiHomeSources: HomeSources = { packagesIn, requestsIn, recentRequests, recentDocuments };

/** Forgets what home read (tests, a sandbox reset). */
export const forgetHomeReads = () => cache.clear();
