// The spec lets one person hold two signer slots (it names no rule against it), so the console
// warns rather than refuses: most often it is a slip, a row or a suggestion filled in twice.

/** For each slot whose e-mail an earlier slot already has (case and spaces aside), that earlier slot's index. */
export function repeatedSigners(signers: readonly { email: string }[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeated = new Map<number, number>();
  signers.forEach(({ email }, i) => {
    const key = email.trim().toLowerCase();
    if (key === '') return;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i);
    else repeated.set(i, earlier);
  });
  return repeated;
}

/** The warning beside the later slot's e-mail. */
export const repeatedSignerWarning = (earlierSlotLabel: string) =>
  `Same e-mail as ${earlierSlotLabel}: this person will be asked to sign twice. Check it is meant.`;
