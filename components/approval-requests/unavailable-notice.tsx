/** Why the chosen workflow takes no new request, with the API's own words when it refused one. */
export function UnavailableNotice({ name, reason, refusal }: { name: string; reason: string; refusal: string | null }) {
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">
        “{name}” accepts no new requests: {reason}.
      </p>
      {refusal && <p className="mt-1">Nothing was saved or submitted. The API answered: {refusal}</p>}
      <p className="mt-1">Requests already started on it go on. Choose another workflow to start a new one.</p>
    </div>
  );
}
