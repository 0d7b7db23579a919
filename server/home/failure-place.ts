import 'server-only';
import { targetPage } from '@/lib/admin/audit-target-pages';
import { documentEditorPath } from '@/lib/documents/paths';

/** What home knows of a failed action: its audit entry, and the path its intent was sent to (keyed writes). */
export interface FailedAction {
  operation: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  /** the console route of the request, from the intent journal; null when it was not journaled */
  path: string | null;
}

export interface FailurePlace {
  href: string;
  /** what to do there, as the end of a sentence */
  action: string;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const segment = (path: string | null, pattern: RegExp) => (path ? (pattern.exec(path)?.[1] ?? null) : null);

/** The batch a bulk action was about: its path's id, else its audit target. */
export const batchOf = (a: Pick<FailedAction, 'path' | 'target_type' | 'target_id'>) =>
  segment(a.path, /^\/api\/bulk-batches\/([^/]+)/) ?? (a.target_type === 'bulk_batch' ? a.target_id : null);

/** The batch row a bulk row's action was about, from its path. */
export function bulkRowOf(path: string | null): { batchId: string; position: number } | null {
  const m = path ? /^\/api\/bulk-batches\/([^/]+)\/rows\/(\d+)\//.exec(path) : null;
  return m ? { batchId: decodeURIComponent(m[1]!), position: Number(m[2]) } : null;
}

const idIn = (path: string | null, resource: string) => {
  const id = segment(path, new RegExp(`^/api/${resource}/([^/]+)`));
  return id ? decodeURIComponent(id) : null;
};

/**
 * Where a failed action is put right, and what to do there: the record it was about, else the
 * form or list it was started from. Never home itself, which only points elsewhere.
 */
export function failurePlace(a: FailedAction): FailurePlace {
  const page = a.target_type && a.target_id ? targetPage(a.target_type, a.target_id) : null;
  const q = (v: string) => encodeURIComponent(v);
  switch (a.operation) {
    case 'package.send':
    case 'package.preview': {
      const template = text(a.details.template_id) ?? (a.target_type === 'sign_template' ? a.target_id : null);
      return {
        href: template ? `/packages/new?template=${q(template)}` : '/packages/new',
        action: 'Open Send a package to preview it again and send it.',
      };
    }
    case 'package.archive':
      return { href: page ?? '/packages', action: 'Open the package to see where it stands.' };
    case 'bulk.create':
      return { href: '/packages/bulk/new', action: 'Open New bulk send to make the batch again.' };
    case 'bulk.preview_row':
    case 'bulk.review_row':
    case 'bulk.send_row':
    case 'bulk.change':
    case 'bulk.delete': {
      const batch = batchOf(a);
      return batch
        ? { href: `/packages/bulk/${q(batch)}`, action: 'Open the batch to retry the row or see its state.' }
        : { href: '/packages/bulk', action: 'Open Bulk sends to find the batch.' };
    }
    case 'package_draft.create':
    case 'package_draft.delete':
      return { href: '/packages/drafts', action: 'Open your package drafts.' };
    case 'request_draft.create':
    case 'request_draft.delete':
      return { href: '/approvals/drafts', action: 'Open your request drafts.' };
    case 'recipient.import':
    case 'recipient.update':
    case 'recipient.delete':
      return { href: '/packages/recipients', action: 'Open the recipient book to try again.' };
    case 'document.upload':
      return { href: '/documents', action: 'Open Documents to upload it again.' };
    case 'editor.open':
    case 'editor.command': {
      const doc = a.target_id ?? idIn(a.path, 'documents');
      return doc
        ? { href: documentEditorPath(doc), action: 'Open the field editor: it reads the layout again before you go on.' }
        : { href: '/documents', action: 'Open Documents to find the document.' };
    }
    case 'approval_request.submit':
      return { href: '/approvals/new', action: 'Open New request to submit it again.' };
    case 'approval_request.resubmit':
    case 'approval_request.revision_draft':
      return { href: page ?? '/approvals', action: 'Open the request: it shows what changed before you try again.' };
    case 'saved_view.create':
      return {
        href: a.details.list === 'packages' ? '/packages' : '/approvals',
        action: 'Open the list, set its filters again and save the view.',
      };
    case 'saved_view.delete':
      return { href: '/#home-saved_views', action: 'Delete it again from Your saved views below.' };
    case 'category.create':
      return { href: '/catalog/categories', action: 'Open Categories to try again.' };
    default:
      if (page) return { href: page, action: 'Open it to see where it stands and try again.' };
      if (a.operation.startsWith('user.')) return { href: '/admin/users', action: 'Open Users to try again.' };
      if (a.operation.startsWith('sandbox.')) return { href: '/admin/sandbox', action: 'Open the sandbox panel to try again.' };
      if (a.operation.startsWith('document.')) return { href: '/documents', action: 'Open Documents to try again.' };
      if (a.operation.startsWith('approval_request.'))
        return { href: '/approvals', action: 'Open Approval requests to try again.' };
      if (a.operation.startsWith('package')) return { href: '/packages', action: 'Open Packages to try again.' };
      return { href: '/catalog', action: 'Open the catalog to try again.' };
  }
}
