import { draftResource } from '../drafts/draft-api.ts';
import type { CreateRequestDraftInput, RequestDraft, RequestDraftSummary, UpdateRequestDraftInput } from './schemas.ts';

export const requestDraftApi = draftResource<RequestDraftSummary, RequestDraft, CreateRequestDraftInput, UpdateRequestDraftInput>(
  'request-drafts',
  'request-draft',
);
