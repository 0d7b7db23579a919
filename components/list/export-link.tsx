/** "Export CSV" of what a filtered list shows: a download, refused while the filters cannot match. */
export function ExportLink({ href, filtered, disabled }: { href: string; filtered: boolean; disabled?: boolean }) {
  return (
    <a
      href={href}
      download
      aria-disabled={disabled ? true : undefined}
      onClick={(e) => disabled && e.preventDefault()}
      className="inline-flex items-center gap-2 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500"
    >
      Export CSV{filtered ? ' (filtered)' : ''}
    </a>
  );
}
