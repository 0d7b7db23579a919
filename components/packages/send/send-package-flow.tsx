'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import type { Route } from 'next';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { openIntentsQuery } from '@/lib/intents/queries';
import type { SignaturePackage } from '@/lib/packages/schemas';
import type { CreateDraftInput, PackageDraft } from '@/lib/package-drafts/schemas';
import type { Preview, PreviewInput } from '@/lib/packages/schemas';
import { Stepper } from '../../ui/stepper';
import { ErrorState, Skeleton } from '../../ui/states';
import { DetailsForm } from './details-form';
import { resumeValues } from './draft-model';
import { BACK_NOTICES, FlowNotice, type Notice } from './flow-notice';
import { blankValues, type SendFormValues } from '@/lib/packages/send-form';
import type { BackReason } from './review-step';
import { ReviewMemory } from './review-progress';
import { ReviewStep } from './review-step';
import { SEND_STEPS } from './steps';
import { TemplatePicker } from './template-picker';
import { UnconfirmedSend } from './unconfirmed-send';
import { useChosenTemplate } from './use-chosen-template';
import { useServerDraft } from '@/lib/unsaved-work/use-server-draft';
import { previewPackage } from '@/lib/packages/queries';
import { packageDraftApi } from '@/lib/package-drafts/queries';
import { packageDraftPath } from '@/lib/drafts/draft-paths';

type Stage =
  /** deadline: when the receipt ends, on the API's clock */
  { step: 'details'; back: BackReason | null } | { step: 'review'; preview: Preview; input: PreviewInput; deadline: number };

interface SendPackageFlowProps {
  initialTemplateId: string | null;
  /** the saved draft this visit resumes, if any: its template is chosen and its values filled in */
  draft: PackageDraft | null;
  /** said above the form, e.g. that the draft asked for no longer exists */
  startNotice: Notice | null;
  /** values to start from that are not saved anywhere yet (a package used as a new one) */
  startFrom?: CreateDraftInput;
  /** start the flow over from a draft as saved elsewhere */
  onLoadDraft(draft: PackageDraft): void;
}

/**
 * Details → Review → Sent. Everything typed survives going back, template switches and failed
 * previews; "Save draft" keeps it on the server across visits.
 */
export function SendPackageFlow({ initialTemplateId, draft, startNotice, startFrom, onLoadDraft }: SendPackageFlowProps) {
  const { chosen, template, choose, setChosenId } = useChosenTemplate(draft?.template_id ?? initialTemplateId);
  // Sends whose outcome this console never saw (a reload mid-send, another tab): confirmed first.
  const journal = useQuery(openIntentsQuery('package.send'));
  const unconfirmed = journal.data?.[0] ?? null;
  // Until the journal has answered once, an open send cannot be ruled out: the form stays closed.
  const unread = journal.data === undefined;
  const [stage, setStage] = useState<Stage>({ step: 'details', back: null });
  // What was typed per template, kept across template switches and trips to the review.
  const [kept] = useState(() => new Map<string, SendFormValues>());
  const [draftOptions] = useState(() => ({
    url: packageDraftPath,
    // A form started from a package names it in the draft's audit entry.
    onCreate: startFrom?.source_package_id ? { source_package_id: startFrom.source_package_id } : undefined,
  }));
  const saved = useServerDraft(packageDraftApi, draft, draftOptions);
  // Pages already reviewed stay reviewed when a new preview yields the very same PDF.
  const [memory] = useState(() => new ReviewMemory());
  const router = useRouter();
  // Each step starts at its top, where the stepper and any notice are.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [stage]);

  const keep = useCallback((id: string, values: SendFormValues) => void kept.set(id, values), [kept]);
  const back = useCallback((reason: BackReason) => setStage({ step: 'details', back: reason }), []);
  const { discard } = saved;
  const sent = useCallback(
    async (pkg: SignaturePackage) => {
      toast.success(`Package sent to ${pkg.signers.length} signer${pkg.signers.length === 1 ? '' : 's'}. Delivery is queued.`);
      // The draft became the package; deleted before leaving, so the list no longer shows it.
      await discard();
      router.push(`/packages/${encodeURIComponent(pkg.id)}?sent=1` as Route);
    },
    [router, discard],
  );

  const savedDraft = saved.saved;
  // What counts as saved for this template: the draft if it is of this template, else nothing typed.
  let baseline: SendFormValues | null = null;
  if (template)
    baseline = savedDraft?.template_id === template.id ? resumeValues(template, savedDraft.values) : blankValues(template);

  if (stage.step === 'review' && template) {
    return (
      <>
        <Stepper steps={SEND_STEPS} current={1} label="Send progress" />
        <ReviewStep
          // A new receipt is a new review: its confirmation is given afresh.
          key={stage.preview.preview_token}
          template={template}
          preview={stage.preview}
          input={stage.input}
          deadline={stage.deadline}
          memory={memory}
          onBack={back}
          onPreviewAgain={async () => {
            const { preview, endsAt } = await previewPackage(stage.input);
            setStage({ step: 'review', preview, input: stage.input, deadline: endsAt });
          }}
          onSent={(pkg) => void sent(pkg)}
        />
      </>
    );
  }

  const notice =
    stage.step === 'details' && stage.back ? BACK_NOTICES[stage.back] : startNotice && !savedDraft ? startNotice : null;
  return (
    <>
      <Stepper steps={SEND_STEPS} current={0} label="Send progress" />
      <div className="flex flex-col gap-5">
        {notice && <FlowNotice notice={notice} />}
        {unconfirmed && <UnconfirmedSend key={unconfirmed.id} intent={unconfirmed} />}
        {unread && journal.isError && (
          <ErrorState
            title="Earlier sends could not be checked"
            message={`${journal.error.message} A new package can be prepared once it is known that no earlier send is still unconfirmed.`}
            onRetry={() => void journal.refetch()}
          />
        )}
        <div className="relative min-w-0">
          {unread && !journal.isError && (
            // Laid over the closed form rather than above it: the check usually answers at
            // once, and the form must not jump up when the line goes.
            <p
              role="status"
              className="absolute inset-x-0 top-3 z-10 mx-auto w-fit rounded-md bg-white px-3 py-1.5 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200"
            >
              Checking for an earlier send whose outcome is not known yet…
            </p>
          )}
          <fieldset
            disabled={unconfirmed !== null || unread}
            className={`flex min-w-0 flex-col gap-5 ${unconfirmed || unread ? 'opacity-60' : ''}`}
          >
            <TemplatePicker chosen={chosen} onChoose={choose} />
            {chosen.kind === 'loading' ? (
              // The picker's summary already says the template is loading; this only holds the form's place.
              <div className="flex flex-col gap-3">
                <Skeleton className="h-40 w-full" />
                <Skeleton className="h-28 w-full" />
              </div>
            ) : template && baseline ? (
              <DetailsForm
                key={template.id}
                template={template}
                // Values started from (a package used as a new one) are unsaved input, not the baseline.
                defaultValues={
                  kept.get(template.id) ??
                  (startFrom?.template_id === template.id ? resumeValues(template, startFrom.values) : baseline)
                }
                baseline={baseline}
                saved={savedDraft}
                onSaveDraft={(values, overVersion) =>
                  saved.save({ template_id: template.id, template_name: template.name, values }, overVersion)
                }
                onLoadDraft={onLoadDraft}
                onKeep={(values) => keep(template.id, values)}
                onPreviewed={({ preview, endsAt }, input, values) => {
                  keep(template.id, values);
                  setChosenId(input.template_id);
                  setStage({ step: 'review', preview, input, deadline: endsAt });
                }}
              />
            ) : (
              <p className="text-sm text-slate-600">Choose a template to fill in its values and signers.</p>
            )}
          </fieldset>
        </div>
      </div>
    </>
  );
}
