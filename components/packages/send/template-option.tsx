'use client';

import type { SignTemplate } from '@/lib/catalog/schemas';
import { describeContents, describeSlots, unavailableReason } from './template-facts';

/** One template as a radio card: its name names the radio, who signs and what to fill describe it. */
export function TemplateOption({
  template: t,
  checked,
  onChoose,
}: {
  template: SignTemplate;
  checked: boolean;
  onChoose(t: SignTemplate): void;
}) {
  const reason = unavailableReason(t);
  const nameId = `tpl-${t.id}-name`;
  const describedBy = `tpl-${t.id}-desc`;
  return (
    // The whole card shows keyboard focus (the radio's own ring is too small to see).
    <label
      className={`flex gap-3 rounded-md p-3 ring-1 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600 ${
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
        onChange={() => onChoose(t)}
        aria-labelledby={nameId}
        aria-describedby={describedBy}
        className="mt-1 size-4 shrink-0 text-brand-600 focus-visible:outline-none"
      />
      <span className="min-w-0">
        <span id={nameId} className={`block text-sm font-medium ${reason ? 'text-slate-600' : 'text-slate-900'}`}>
          {t.name}
        </span>
        <span id={describedBy} className="block text-xs text-slate-600">
          {reason ? (
            <span className="font-medium text-amber-900">{reason}</span>
          ) : (
            <>
              {t.description && <span className="block">{t.description}</span>}
              <span className="mt-1 block text-slate-700">{describeSlots(t.slots)}</span>
              <span className="block">{describeContents(t)}</span>
            </>
          )}
        </span>
      </span>
    </label>
  );
}
