'use client';

import type { SignTemplate } from '@/lib/schemas/catalog';

/** Why a template cannot be chosen, or null when it can. */
export function unavailableReason(t: SignTemplate): string | null {
  if (t.api_enabled === false) return 'Not enabled for API use: an administrator must allow it in the platform UI.';
  if (t.status === 'archived') return 'Archived: it accepts no new packages.';
  return null;
}

/** Document-sign templates as radio cards; unusable ones stay visible with the reason. */
export function TemplatePicker({
  templates,
  value,
  onChange,
  disabled,
}: {
  templates: SignTemplate[];
  value: string | null;
  onChange(id: string): void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled} className="rounded-lg bg-white p-5 ring-1 ring-slate-200">
      <legend className="float-left mb-1 w-full text-base font-semibold text-slate-900">Template</legend>
      <p className="clear-both mb-3 text-sm text-slate-600">
        The document to send; its fields and signer roles shape the form below.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {templates.map((t) => {
          const reason = unavailableReason(t);
          const checked = value === t.id;
          const describedBy = `tpl-${t.id}-desc`;
          return (
            <label
              key={t.id}
              className={`flex gap-3 rounded-md p-3 ring-1 ${
                reason
                  ? 'cursor-not-allowed bg-slate-50 ring-slate-200'
                  : checked
                    ? 'cursor-pointer bg-brand-50 ring-2 ring-brand-600'
                    : 'cursor-pointer bg-white ring-slate-300 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name="template"
                value={t.id}
                checked={checked}
                disabled={Boolean(reason)}
                onChange={() => onChange(t.id)}
                aria-describedby={describedBy}
                className="mt-1 size-4 text-brand-600"
              />
              <span className="min-w-0">
                <span className={`block text-sm font-medium ${reason ? 'text-slate-600' : 'text-slate-900'}`}>{t.name}</span>
                <span id={describedBy} className="block text-xs text-slate-600">
                  {reason ? (
                    <span className="font-medium text-amber-900">{reason}</span>
                  ) : (
                    <>
                      {t.description && <span className="block">{t.description}</span>}
                      <span className="block">
                        {t.slots.length} signer{t.slots.length === 1 ? '' : 's'} · {t.sender_fields.length} value
                        {t.sender_fields.length === 1 ? '' : 's'}
                        {t.page_count ? ` · ${t.page_count} pages` : ''}
                      </span>
                    </>
                  )}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
