/**
 * A form's error that belongs to no field (a refusal or failure of the whole request), shown
 * above its buttons. Takes react-hook-form's `errors.root` (or a message) as is, so it shows
 * exactly when the form has one.
 */
export function FormError({ error }: { error?: { message?: string } | string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {typeof error === 'string' ? error : error.message}
    </p>
  );
}
