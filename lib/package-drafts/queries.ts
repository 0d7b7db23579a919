import { draftResource } from '../drafts/draft-api.ts';
import type { CreateDraftInput, PackageDraft, PackageDraftSummary, UpdateDraftInput } from './schemas.ts';

export const packageDraftApi = draftResource<PackageDraftSummary, PackageDraft, CreateDraftInput, UpdateDraftInput>('package-drafts', 'draft');

export const draftKeys = packageDraftApi.keys;
export const packageDraftsQuery = packageDraftApi.listQuery;
export const packageDraftQuery = packageDraftApi.itemQuery;
