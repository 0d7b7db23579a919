import 'server-only';
import { catalogPaths } from '@/lib/catalog/kinds';
import { patternMatcher } from './path-patterns';

// The Signing API's paths (spec section 4) the console calls with its key or an editor session,
// relative to /api/v1. A call's operation label is its method and one of these: an id, or the
// hosted editor's session (a credential), never becomes a label. The catalog kinds' list, record
// and archive paths come from their registry (lib/catalog/kinds.ts); their other paths are here.
const API_PATHS: readonly string[] = [
  ...catalogPaths({ base: '', id: '{id}' }),
  '/approval-workflows/{id}/releases/{release}/submission-schema',
  '/document-sign-templates/{id}/content',
  '/documents',
  '/documents/{id}',
  '/documents/{id}/session',
  '/hosted-editor/{sessionId}/commands',
  '/hosted-editor/{sessionId}/document',
  '/signature-packages',
  '/signature-packages/preview',
  '/signature-packages/preview/document',
  '/signature-packages/{id}',
  '/signature-packages/{id}/archive',
  '/approval-requests',
  '/approval-requests/{id}',
  '/approval-requests/{id}/revision-requirements',
  '/approval-requests/{id}/revision-draft',
  '/approval-requests/{id}/resubmit',
];

const METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);
const match = patternMatcher(API_PATHS);

/** `GET /signature-packages/{id}`: what a call to `path` (relative to /api/v1) is, for a label. */
export function upstreamOperation(method: string, path: string): string {
  return `${METHODS.has(method) ? method : 'other'} ${match(path.split('?')[0]!) ?? 'other'}`;
}
