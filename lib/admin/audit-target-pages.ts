import type { Route } from 'next';

// The console's page for each kind of audit target that has one, so the id in the log opens the
// record. Users have no page of their own (the log names the account instead), drafts are
// their owner's alone, and the sandbox is not a record.
const PAGES: Readonly<Record<string, string>> = {
  signature_package: '/packages',
  approval_request: '/approvals',
  document: '/documents',
  category: '/catalog/categories',
  // Archiving says workflow, the sandbox's release control approval_workflow: one page.
  workflow: '/catalog/approval-workflows',
  approval_workflow: '/catalog/approval-workflows',
  request_form: '/catalog/request-forms',
  sign_template: '/catalog/document-sign-templates',
};

/** The page of a target, or null when its kind has none. */
export const targetPage = (type: string, id: string): Route | null =>
  Object.hasOwn(PAGES, type) ? (`${PAGES[type]}/${encodeURIComponent(id)}` as Route) : null;
