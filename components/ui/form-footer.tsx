import { Button, type ButtonProps } from './button';

interface FormFooterProps {
  onCancel(): void;
  submitLabel: React.ReactNode;
  /** the form is submitting: the submit button spins and is disabled */
  busy: boolean;
  /** e.g. nothing changed yet */
  submitDisabled?: boolean;
  variant?: ButtonProps['variant'];
}

/** A dialog form's Cancel and submit buttons, so every dialog form ends alike. */
export function FormFooter({ onCancel, submitLabel, busy, submitDisabled, variant }: FormFooterProps) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} busy={busy} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
