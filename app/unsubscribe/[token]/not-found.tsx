// A link that is not one of this console's (altered, cut short, or forged): nothing was changed.
export default function UnsubscribeLinkNotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">This unsubscribe link is not valid</h1>
        <p className="mt-4 text-sm text-slate-700">
          It was altered, cut short by the mail program, or was never made by this console. Nothing was changed. Copy the whole
          link from the e-mail, or change what you are told in your notification settings after signing in.
        </p>
      </div>
    </main>
  );
}
