import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ChaosBrowser } from './chaos-browser.ts';

// The writes of one round, as a person at a browser would make them: each keyed write carries
// a marker of this run (a name, file name, external_id or sender value), so the verdict can
// find its effect by reading the sandbox afterwards. Follow-up writes (archive, delete, editor
// save, revision, package archive) act on what the round itself created.

export interface Env {
  run: string;
  /** the sandbox itself, for the simulated humans of the control plane (reviewers, recipients) */
  sandboxUrl: string;
  controlToken: string;
  /** a read of the sandbox itself with the API key (404: null) */
  readSandbox(path: string): Promise<Record<string, unknown> | null>;
  /** steps that could not be set up (an unkeyed call that kept failing), by step */
  setupFailures: Map<string, number>;
}

const SEEDED_ARCHIVES = [
  ['approval-workflows', 'workflow.archive', 'wf_travel'],
  ['request-forms', 'request_form.archive', 'rf_travel'],
  ['approval-workflows', 'workflow.archive', 'wf_expense'],
  ['request-forms', 'request_form.archive', 'rf_expense'],
  ['approval-workflows', 'workflow.archive', 'wf_contract'],
  ['request-forms', 'request_form.archive', 'rf_contract'],
  ['approval-workflows', 'workflow.archive', 'wf_purchase'],
  ['request-forms', 'request_form.archive', 'rf_purchase'],
] as const;

async function setup<T>(env: Env, step: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (!env.setupFailures.has(step))
      console.log(`  setup step ${step} failed: ${err instanceof Error ? err.message : String(err)}`);
    env.setupFailures.set(step, (env.setupFailures.get(step) ?? 0) + 1);
    return null;
  }
}

async function control(env: Env, path: string, body: unknown) {
  const res = await fetch(`${env.sandboxUrl}/__sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-control': env.controlToken },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
}

async function pdfFor(marker: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(`Chaos bench ${marker}`, { x: 72, y: 700, size: 14, font });
  return pdf.save();
}

async function categoryFlow(b: ChaosBrowser, env: Env, i: number) {
  const name = `${env.run}-cat-${i}`;
  const { result } = await b.write<{ id: string }>({
    kind: 'category.create',
    marker: name,
    method: 'POST',
    path: '/api/categories',
    body: { name, description: 'chaos bench' },
  });
  if (!result?.id || i % 2 !== 0) return;
  await b.write({
    kind: 'category.archive',
    marker: result.id,
    target: result.id,
    method: 'POST',
    path: `/api/categories/${result.id}/archive`,
    body: { reason: `chaos bench ${name}` },
  });
}

async function documentFlow(b: ChaosBrowser, env: Env, i: number) {
  const fileName = `${env.run}-doc-${i}.pdf`;
  const { result } = await b.upload<{ id: string }>({ marker: fileName, fileName, pdf: await pdfFor(fileName) });
  if (!result?.id) return;
  const id = result.id;
  if (i % 3 === 0) {
    await b.write({
      kind: 'document.delete',
      marker: id,
      target: id,
      method: 'DELETE',
      path: `/api/documents/${id}`,
      body: { reason: `chaos bench ${fileName}` },
    });
  } else if (i % 3 === 1) {
    const editor = await setup(env, 'editor.open', () =>
      b.call<{ version: number }>('POST', `/api/documents/${id}/editor`, { purpose: 'chaos bench' }),
    );
    if (!editor) return;
    const fieldId = `f-${env.run}-${i}`.slice(0, 64);
    const layout = {
      fields: [{ id: fieldId, type: 'text', page: 1, x: 72, y: 72, width: 144, height: 24, slot_id: 'signer', required: false }],
    };
    await b.write({
      kind: 'editor.save_layout',
      marker: fieldId,
      target: id,
      base: editor.version,
      method: 'POST',
      path: `/api/documents/${id}/editor/commands`,
      body: { type: 'SAVE_LAYOUT', expectedVersion: editor.version, layout },
    });
  }
}

type RevisionRead = { version: number; task: { version: number } };

async function approvalFlow(b: ChaosBrowser, env: Env, i: number, releaseId: string) {
  const externalId = `${env.run}-apr-${i}`;
  const formData = (justification: string): Record<string, string> => ({
    system: 'erp',
    access_level: 'read',
    justification,
    ...(releaseId.endsWith('@1') ? {} : { access_until: '2027-06-30' }),
  });
  const { result } = await b.write<{ id: string }>({
    kind: 'approval_request.submit',
    marker: externalId,
    method: 'POST',
    path: '/api/approval-requests',
    body: {
      workflow_id: 'wf_access',
      workflow_release_id: releaseId,
      external_id: externalId,
      form_data: formData(`Chaos bench ${externalId}`),
      submit: true,
    },
  });
  if (!result?.id || i % 4 !== 0) return;
  const id = result.id;
  // The reviewer (a human the API key cannot be) asks for a revision.
  const asked = await setup(env, 'reviewer.request_revision', () =>
    control(env, `/approval-requests/${id}/actions`, {
      action: 'request_revision',
      comment: 'chaos',
      requirements: [{ field_key: 'justification', message: 'Say more.' }],
    }),
  );
  if (asked === null) return;
  const read = () =>
    setup(env, 'revision.read', () => b.call<RevisionRead>('GET', `/api/approval-requests/${id}/revision-requirements`));
  const first = await read();
  if (!first) return;
  const draftMarker = `Draft ${externalId}`;
  const draft = await b.write({
    kind: 'approval_request.revision_draft',
    marker: draftMarker,
    target: id,
    method: 'PATCH',
    path: `/api/approval-requests/${id}/revision-draft`,
    body: { expected_version: first.version, expected_task_version: first.task.version, form_data: formData(draftMarker) },
  });
  if (draft.record.acknowledged) draft.record.evidence = await draftEvidence(env, id, draftMarker, first.task.version);
  // The form re-reads after a saved draft (revision-form.tsx): the versions moved.
  const second = draft.record.acknowledged ? await read() : first;
  if (!second) return;
  const resubmitMarker = `Resubmitted ${externalId}`;
  await b.write({
    kind: 'approval_request.resubmit',
    marker: resubmitMarker,
    target: id,
    base: 0,
    method: 'POST',
    path: `/api/approval-requests/${id}/resubmit`,
    body: { expected_version: second.version, expected_task_version: second.task.version, form_data: formData(resubmitMarker) },
  });
}

/** The draft is overwritten by the resubmission, so what the sandbox holds is taken down at once. */
async function draftEvidence(env: Env, id: string, marker: string, baseTaskVersion: number) {
  const r = (await env.readSandbox(`/approval-requests/${id}/revision-requirements`)) as {
    task?: { version: number };
    draft?: { form_data?: { justification?: string } };
  } | null;
  const present = r?.draft?.form_data?.justification === marker;
  // Each applied draft moves the task version by one: more than one means the draft was applied twice.
  const count = r?.task ? r.task.version - baseTaskVersion : 0;
  return { present, count, why: present ? '' : `the sandbox's draft is ${JSON.stringify(r?.draft?.form_data ?? null)}` };
}

async function packageFlow(b: ChaosBrowser, env: Env, i: number) {
  const counterparty = `${env.run}-pkg-${i}`;
  const signer = (slot: string, n: number) => ({
    slot_id: slot,
    name: `Signer ${n}`,
    email: `signer${n}.${i}@example.com`,
    phone: `+49151${String(1_000_000 + i).padStart(7, '0')}${n}`,
  });
  const preview = await setup(env, 'package.preview', () =>
    b.call<{ preview_token: string }>('POST', '/api/packages/preview', {
      template_id: 'dst_nda',
      expires_in_days: 14,
      sender_values: { counterparty_name: counterparty, effective_date: '2026-11-01' },
      signers: [signer('company_signer', 1), signer('counterparty_signer', 2)],
    }),
  );
  if (!preview) return;
  const { result } = await b.write<{ id: string }>({
    kind: 'package.send',
    marker: counterparty,
    method: 'POST',
    path: '/api/packages',
    body: { template_id: 'dst_nda', preview_token: preview.preview_token, confirmed: true },
  });
  if (!result?.id || i % 3 !== 0) return;
  const id = result.id;
  // The package runs out (the control plane plays the world): now terminal, so it may be archived.
  const expired = await setup(env, 'package.expire', () =>
    control(env, `/signature-packages/${id}/actions`, { action: 'expire' }),
  );
  if (expired === null) return;
  await b.write({
    kind: 'package.archive',
    marker: id,
    target: id,
    method: 'POST',
    path: `/api/packages/${id}/archive`,
    body: { reason: `chaos bench ${counterparty}` },
  });
}

async function seededArchive(b: ChaosBrowser, i: number) {
  const item = SEEDED_ARCHIVES[i];
  if (!item) return;
  const [segment, kind, id] = item;
  await b.write({
    kind,
    marker: id,
    target: id,
    method: 'POST',
    path: `/api/${segment}/${id}/archive`,
    body: { reason: 'chaos bench archive' },
  });
}

/** The release requests are pinned to, read through the console as the new-request page does. */
export async function currentRelease(b: ChaosBrowser): Promise<string> {
  const wf = await b.call<{ workflow_release_id: string }>('GET', '/api/approval-workflows/wf_access');
  return wf.workflow_release_id;
}

/** One round of writes: every kind, in the order a person would make them. */
export async function round(b: ChaosBrowser, env: Env, i: number, releaseId: string) {
  await seededArchive(b, i);
  await categoryFlow(b, env, i);
  await documentFlow(b, env, i);
  await approvalFlow(b, env, i, releaseId);
  await packageFlow(b, env, i);
}
