import type { UseFormRegisterReturn } from 'react-hook-form';
import { ROLE_LABELS, ROLES } from '@/lib/roles';

/** The four roles as a checkbox group with what each one allows; one error for the group. */
export function RoleCheckboxes({
  register,
  error,
  idPrefix,
}: {
  register: UseFormRegisterReturn<'roles'>;
  error?: string;
  idPrefix: string;
}) {
  const errorId = `${idPrefix}-roles-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        Roles<span className="text-red-700"> *</span>
      </legend>
      <div className="mt-2 flex flex-col gap-2">
        {ROLES.map((role) => {
          const [name, what] = ROLE_LABELS[role].split(' — ');
          return (
            <label
              key={role}
              htmlFor={`${idPrefix}-role-${role}`}
              className="flex items-start gap-2 rounded-md p-2 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600/40"
            >
              <input
                id={`${idPrefix}-role-${role}`}
                type="checkbox"
                value={role}
                className="mt-0.5 size-4 accent-brand-600"
                {...register}
              />
              <span className="text-sm">
                <span className="font-medium text-slate-900">{name}</span>
                <span className="block text-xs text-slate-600">{what}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
