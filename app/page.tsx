export default function Home() {
  return (
    <main className="mx-auto max-w-xl p-10">
      <h1 className="text-2xl font-semibold">Signdesk</h1>
      <p className="mt-2 text-slate-600">The console for the Document Signing and Approval API.</p>
    </main>
  );
}
