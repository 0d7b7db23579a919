// The audit log's operations in words, for the table and the operation filter. Every operation
// the console records needs one: audit-operations.unit.test.ts reads the `operation:` strings
// under app/, server/ and scripts/ and fails on any without a label. Kept without zod, so the
// admin pages can name them without loading it.

import { ARCHIVABLE_KINDS, archiveOf } from '../catalog/kinds.ts';

export const AUDIT_OPERATION_LABELS: Readonly<Record<string, string>> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_out': 'Signed out',
  'auth.oidc_sign_in': 'Signed in with the identity provider',
  'auth.throttle_lift': 'Lifted a sign-in throttle',
  'job.retry': 'Retried a failed background job',
  'notification.delivery_retry': 'Retried a failed notification e-mail',

  'user.create': 'Added a user',
  'user.roles_change': "Changed a user's roles",
  'user.disable': 'Disabled a user',
  'user.enable': 'Enabled a user',
  'user.password_reset': "Reset a user's password",
  // Entries written before roles, disabling and enabling were recorded apart keep this name.
  'user.update': "Changed a user's roles or access",

  'team.create': 'Created a team',
  'team.rename': 'Renamed a team',
  'team.archive': 'Archived a team',
  'team.member_add': 'Added a member to a team',
  'team.member_remove': 'Removed a member from a team',
  'team.members_sync': "Moved a user's teams to their identity provider groups",
  'team.assign_packages': "Assigned a sender's past packages to a team",
  'approval_request.assign_team': 'Assigned an approval request of no team to a team',
  'document.assign_team': 'Assigned a document of no team to a team',
  'package.assign_team': 'Assigned a package of no team to a team',

  'category.create': 'Created a category',
  // The archives of the catalog's kinds, named with each kind (lib/catalog/kinds.ts).
  ...Object.fromEntries(ARCHIVABLE_KINDS.map((kind) => [`${archiveOf(kind).auditTarget}.archive`, archiveOf(kind).auditLabel])),

  'document.upload': 'Uploaded a document',
  'document.delete': 'Deleted a document',
  'editor.open': 'Opened a document in the field editor',
  'editor.command': "Changed a document's fields in the editor",

  'package.preview': 'Previewed a package',
  'package.send': 'Sent a package',
  'package.archive': 'Archived a package',
  'package_draft.create': 'Saved a package draft',
  'package_draft.delete': 'Deleted a package draft',
  'bulk.create': 'Made a bulk-send batch',
  'bulk.preview_row': 'Previewed a row of a bulk-send batch',
  'bulk.review_row': 'Reviewed a row of a bulk-send batch',
  'bulk.send_row': 'Sent a row of a bulk-send batch',
  'bulk.change': 'Paused, resumed, cancelled or retried a bulk-send batch',
  'bulk.fix_row': 'Fixed a row of a bulk-send batch before it was sent',
  'bulk.skip_row': 'Skipped a row of a bulk-send batch, or took it back',
  'bulk.delete': 'Deleted a settled bulk-send batch',

  'approval_request.submit': 'Submitted an approval request',
  'approval_request.revision_draft': 'Saved a revision of an approval request',
  'approval_request.resubmit': 'Resubmitted an approval request',
  'request_draft.create': 'Saved an approval request draft',
  'request_draft.delete': 'Deleted an approval request draft',
  'saved_view.create': 'Saved a list view',
  'saved_view.update': 'Renamed a saved list view or changed who sees it',
  'saved_view.delete': 'Deleted a saved list view',
  'home.dismiss': 'Dismissed a failure from home',
  'notification_preferences.update': 'Changed their notification preferences',
  'notification.unsubscribe': 'Unsubscribed from an e-mail by its link',
  'recipient.update': 'Edited a recipient in the book',
  'recipient.delete': 'Deleted a recipient from the book',
  'recipient.import': 'Imported recipients into the book',

  'sandbox.clock': 'Advanced the sandbox clock',
  'sandbox.faults': 'Set the sandbox faults',
  'sandbox.reviewer_action': 'Decided as a reviewer (sandbox)',
  'sandbox.recipient_action': 'Acted as a recipient (sandbox)',
  'sandbox.workflow_release': 'Published a workflow release (sandbox)',
  'sandbox.sign_template': 'Published a document as a document-sign template (sandbox)',
};

/** The operation in words; undefined for one this console does not know (then its identifier is all there is). */
export const operationLabel = (operation: string): string | undefined =>
  Object.hasOwn(AUDIT_OPERATION_LABELS, operation) ? AUDIT_OPERATION_LABELS[operation] : undefined;
