import { describe, expect, it } from 'vitest';
import type { Category, RequestForm, Workflow } from '@/lib/catalog/schemas';
import { unavailableReason } from './workflow-availability.ts';

const workflow = (over: Partial<Workflow> = {}): Workflow => ({
  id: 'wf_leave',
  name: 'Leave approval',
  description: '',
  status: 'active',
  workflow_release_id: 'wf_leave@2',
  releases: [],
  layers: [],
  runtime: 'standard',
  ...over,
});
const form = (over: Partial<RequestForm> = {}): RequestForm => ({
  id: 'rf_leave',
  name: 'Leave request form',
  description: '',
  status: 'active',
  workflow_id: 'wf_leave',
  ...over,
});

describe('unavailableReason', () => {
  it('lets a standard, active workflow with an active form start requests', () => {
    expect(unavailableReason(workflow({ request_form_id: 'rf_leave' }), [form()])).toBeNull();
  });

  it('names the archived request form, found by the workflow’s form id or the form’s workflow id', () => {
    const archived = form({ status: 'archived' });
    expect(unavailableReason(workflow({ request_form_id: 'rf_leave' }), [archived])).toBe(
      'its request form “Leave request form” is archived',
    );
    expect(unavailableReason(workflow(), [archived])).toBe('its request form “Leave request form” is archived');
  });

  it('follows the workflow’s own form id over other forms that name the workflow', () => {
    const forms = [form({ status: 'archived' }), form({ id: 'rf_leave_2', name: 'New leave form' })];
    expect(unavailableReason(workflow({ request_form_id: 'rf_leave_2' }), forms)).toBeNull();
    expect(unavailableReason(workflow({ request_form_id: 'rf_leave' }), forms)).not.toBeNull();
  });

  it('keeps a workflow open while one of its forms is active, or when no form is known', () => {
    expect(unavailableReason(workflow(), [form({ status: 'archived' }), form({ id: 'rf_2' })])).toBeNull();
    expect(unavailableReason(workflow(), [])).toBeNull();
    expect(unavailableReason(workflow(), [form({ workflow_id: 'wf_other', status: 'archived' })])).toBeNull();
  });

  it('refuses an archived workflow and an unsupported runtime', () => {
    expect(unavailableReason(workflow({ status: 'archived' }))).toBe('it is archived');
    expect(unavailableReason(workflow({ runtime: 'legacy_v1' }))).toBe(
      'it runs on the legacy_v1 runtime, which the API cannot submit to',
    );
  });

  it('names an archived category the workflow is filed under, and ignores other categories', () => {
    const hr = (status: string): Category => ({ id: 'cat_hr', name: 'Human resources', description: '', status });
    const filed = workflow({ category_id: 'cat_hr' });
    expect(unavailableReason(filed, [], [hr('archived')])).toBe('its category “Human resources” is archived');
    expect(unavailableReason(filed, [], [hr('active')])).toBeNull();
    expect(unavailableReason(workflow({ category_id: 'cat_it' }), [], [hr('archived')])).toBeNull();
  });
});
