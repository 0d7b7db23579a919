import { FormError } from './form-error';
import { FormFooter } from './form-footer';

interface DialogFormProps extends Omit<React.ComponentProps<typeof FormFooter>, 'busy'> {
  /** the react-hook-form form: busy while it submits; its root error is the refusal of the whole request */
  form: { formState: { isSubmitting: boolean; errors: { root?: { message?: string } } } };
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  children: React.ReactNode;
}

/**
 * A dialog that is one form: its fields, then the error that belongs to no field and Cancel and
 * submit. Everything is disabled while it submits, so a second click cannot send it twice.
 */
export function DialogForm({ form, onSubmit, children, ...footer }: DialogFormProps) {
  const { isSubmitting, errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
        {children}
        <FormError error={errors.root} />
        <FormFooter busy={isSubmitting} {...footer} />
      </fieldset>
    </form>
  );
}
