// Two clocks give the times the console shows. Its own (real time) dates what it records
// itself: the audit log, drafts, intents. The Signing API's dates everything in an API record
// (a package's sent and expiry times, a request's steps, a receipt's end), and the sandbox's can
// be moved ahead by days. Where a time could be read against the other kind, the screen names
// its clock in these words, so the two are told apart the same way everywhere.
export const CLOCK_NAMES = {
  console: "this console's clock",
  api: "the Signing API's clock",
} as const;
