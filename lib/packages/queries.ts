import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiResponse, qs } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { DateRangeQuery } from '../list/date-ranges.ts';
import { API_DATE_HEADER, apiClock, PREVIEW_VALIDITY_MS, receiptEnd } from '../api-clock.ts';
import type {
  ConsolePackage,
  PackagesPage,
  Preview,
  PreviewInput,
  ReviewEvidence,
  ReviewStart,
  SignaturePackage,
} from './schemas.ts';
import { isPackageFinished } from './statuses.ts';
import { liveRefetch } from '../live-refetch.ts';
import { isUnsettled } from '../confirm-loop.ts';

export interface PackageListArgs extends DateRangeQuery {
  page: number;
  size: number;
  q?: string;
  status?: string;
  archived?: 'only';
  /** what the console recorded of the send: insights' drill-downs narrow by these */
  template?: string;
  sender?: string;
  /** a team's id, or none: narrows within the reader's teams (an admin's menu, insights' links) */
  team?: string;
}

/** The CSV of what the list shows for these filters (GET /api/packages/export). */
export const packagesExportHref = ({ page: _page, size: _size, ...filters }: PackageListArgs) =>
  `/api/packages/export${qs({ ...filters })}`;

export const packageKeys = {
  all: ['packages'] as const,
  list: (args: PackageListArgs) => ['packages', 'list', args] as const,
  item: (id: string) => ['packages', 'item', id] as const,
};

const path = (id: string, rest = '') => `/api/packages/${encodeURIComponent(id)}${rest}`;

export const packagesListQuery = (args: PackageListArgs) =>
  queryOptions({
    queryKey: packageKeys.list(args),
    queryFn: (ctx) => api<PackagesPage>(`/api/packages${qs({ ...args })}`, via(ctx)),
    placeholderData: keepPreviousData,
  });

/** One of the user's previews, to start the send form from it again (home's "review lapsing"). */
export const reviewStartQuery = (id: string) =>
  queryOptions({
    queryKey: ['packages', 'review', id] as const,
    queryFn: (ctx) => api<ReviewStart>(`/api/packages/reviews/${encodeURIComponent(id)}`, via(ctx)),
    staleTime: Infinity,
  });

export const packageQuery = (id: string) =>
  queryOptions({
    queryKey: packageKeys.item(id),
    queryFn: (ctx) => api<ConsolePackage>(path(id), via(ctx)),
  });

/** A preview (the sender's input frozen behind a receipt valid 10 minutes) with the moment its receipt ends, on the API's clock (lib/api-clock.ts). */
export interface ReceivedPreview {
  preview: Preview;
  endsAt: number;
}

export async function previewPackage(input: PreviewInput, signal?: AbortSignal): Promise<ReceivedPreview> {
  const sentAt = performance.now();
  const res = await apiResponse('/api/packages/preview', { method: 'POST', body: input, signal });
  const preview = (await res.json()) as Preview;
  // Without the API's Date, 10 minutes from when the request left, on the clock last learnt.
  const endsAt = receiptEnd(res.headers.get(API_DATE_HEADER), preview.expires_at) ?? apiClock.now(sentAt) + PREVIEW_VALIDITY_MS;
  return { preview, endsAt };
}

/** The populated PDF of a receipt (pdf_url is only the source PDF, so it never comes from there). */
export async function fetchPreviewDocument(templateId: string, previewToken: string, signal?: AbortSignal): Promise<Blob> {
  const res = await apiResponse('/api/packages/preview/document', {
    method: 'POST',
    body: { template_id: templateId, preview_token: previewToken },
    accept: 'application/pdf',
    signal,
  });
  return res.blob();
}

/**
 * The populated PDF of a receipt, read once per receipt by whatever shows or reads it (the
 * review's viewer, the bulk review's page texts). Outside the ['packages'] prefix:
 * invalidating packages after the send must not fetch a consumed receipt again.
 */
export const previewDocumentQuery = (templateId: string, token: string) =>
  queryOptions({
    queryKey: ['package-preview-document', token] as const,
    queryFn: ({ signal }) => fetchPreviewDocument(templateId, token, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: (failures, err) => isUnsettled(err) && failures < 2,
  });

/** Sends the reviewed receipt; `idempotencyKey` belongs to the one Send click it answers. */
export const sendPackage = (templateId: string, send: SendOf, idempotencyKey: string) =>
  api<SignaturePackage>('/api/packages', {
    method: 'POST',
    body: { template_id: templateId, preview_token: send.receipt, confirmed: true, review: send.review, team_id: send.teamId },
    idempotencyKey,
  });
/** A confirmed Send: the receipt, and what the sender saw of it (for the console's sending record). */
export interface SendOf {
  receipt: string;
  review?: ReviewEvidence;
  /** the team chosen on the review step (a sender in several); none: the console decides */
  teamId?: string;
}

export const archivePackage = (id: string, reason: string, idempotencyKey: string) =>
  api<SignaturePackage>(path(id, '/archive'), { method: 'POST', body: { reason }, idempotencyKey });

/**
 * The detail while it may still change: follows the API by itself (lib/live-refetch.ts) until
 * the package is finished.
 */
export const livePackageQuery = (id: string) =>
  queryOptions({
    ...packageQuery(id),
    refetchIntervalInBackground: false,
    refetchInterval: liveRefetch(isPackageFinished),
  });
