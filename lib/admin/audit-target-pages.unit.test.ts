import { describe, expect, it } from 'vitest';
import { targetPage } from './audit-target-pages.ts';

describe('targetPage', () => {
  it('opens the record of each kind that has a page', () => {
    expect(targetPage('signature_package', 'pkg_1')).toBe('/packages/pkg_1');
    expect(targetPage('approval_request', 'ar_1')).toBe('/approvals/ar_1');
    expect(targetPage('document', 'doc_1')).toBe('/documents/doc_1');
    expect(targetPage('category', 'cat_1')).toBe('/catalog/categories/cat_1');
    expect(targetPage('workflow', 'wf_1')).toBe('/catalog/approval-workflows/wf_1');
    expect(targetPage('approval_workflow', 'wf_1')).toBe('/catalog/approval-workflows/wf_1');
    expect(targetPage('request_form', 'rf_1')).toBe('/catalog/request-forms/rf_1');
    expect(targetPage('sign_template', 'tpl_1')).toBe('/catalog/document-sign-templates/tpl_1');
  });

  it('keeps the id inside its path segment', () => {
    expect(targetPage('document', '../admin?x=1')).toBe('/documents/..%2Fadmin%3Fx%3D1');
  });

  it('has none for users, drafts, the sandbox or anything unknown', () => {
    for (const type of ['user', 'package_draft', 'request_draft', 'sandbox', 'constructor', ''])
      expect(targetPage(type, 'x')).toBeNull();
  });
});
