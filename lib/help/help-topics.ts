// Which part of the user guide (docs/using/) explains each screen. The guide is served by the
// console itself at /help, so the link works on a closed network. help-topics.unit.test.ts
// holds every anchor to a heading of its guide and every page of the console to a topic.

/** The guides under docs/using/, by the name /help/<name> serves them under. */
export const HELP_GUIDES = {
  index: { file: 'README.md', title: 'Using Signdesk' },
  sender: { file: 'sender.md', title: 'Sending packages' },
  requester: { file: 'requester.md', title: 'Approval requests' },
  operator: { file: 'operator.md', title: 'Catalogs and documents' },
  admin: { file: 'admin.md', title: 'Administration' },
  limits: { file: 'limits.md', title: 'What the API cannot do' },
} as const;

export type HelpGuide = keyof typeof HELP_GUIDES;

interface HelpTopic {
  /** the screen's path, `*` for one segment */
  path: string;
  guide: HelpGuide;
  /** the id of a heading in that guide */
  anchor: string;
}

// The first topic whose path matches is the screen's: specific paths before their parents.
export const HELP_TOPICS: HelpTopic[] = [
  { path: '/', guide: 'index', anchor: 'home' },
  { path: '/insights', guide: 'index', anchor: 'insights' },
  { path: '/account/notifications', guide: 'index', anchor: 'notifications' },
  { path: '/packages', guide: 'sender', anchor: 'the-packages-list' },
  { path: '/packages/new', guide: 'sender', anchor: 'send-a-package' },
  { path: '/packages/drafts', guide: 'sender', anchor: 'drafts' },
  { path: '/packages/recipients', guide: 'sender', anchor: 'the-recipient-book' },
  { path: '/packages/bulk', guide: 'sender', anchor: 'bulk-send' },
  { path: '/packages/bulk/new', guide: 'sender', anchor: 'bulk-send' },
  { path: '/packages/bulk/*', guide: 'sender', anchor: 'review-and-send-a-batch' },
  { path: '/packages/*/sending-record', guide: 'sender', anchor: 'the-sending-record' },
  { path: '/packages/*', guide: 'sender', anchor: 'a-sent-package' },
  { path: '/approvals', guide: 'requester', anchor: 'the-approval-requests-list' },
  { path: '/approvals/new', guide: 'requester', anchor: 'submit-an-approval-request' },
  { path: '/approvals/drafts', guide: 'requester', anchor: 'drafts' },
  { path: '/approvals/*', guide: 'requester', anchor: 'revisions' },
  { path: '/catalog', guide: 'operator', anchor: 'catalogs' },
  { path: '/catalog/*', guide: 'operator', anchor: 'catalogs' },
  { path: '/catalog/*/*', guide: 'operator', anchor: 'catalogs' },
  { path: '/documents', guide: 'operator', anchor: 'documents' },
  { path: '/documents/*/editor', guide: 'operator', anchor: 'the-field-editor' },
  { path: '/documents/*', guide: 'operator', anchor: 'completing-a-layout' },
  { path: '/admin', guide: 'admin', anchor: 'users' },
  { path: '/admin/users', guide: 'admin', anchor: 'users' },
  { path: '/admin/teams', guide: 'admin', anchor: 'teams' },
  { path: '/admin/audit', guide: 'admin', anchor: 'the-audit-log' },
  { path: '/admin/jobs', guide: 'admin', anchor: 'background-work' },
  { path: '/admin/sandbox', guide: 'admin', anchor: 'the-sandbox-panel' },
];

const matches = (pattern: string, pathname: string) => {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/' || pathname === '';
  return want.length === have.length && want.every((part, i) => part === '*' || part === have[i]);
};

/** The help page for the screen at `pathname`, or null where the guide says nothing of it. */
export function helpHref(pathname: string): string | null {
  const topic = HELP_TOPICS.find((t) => matches(t.path, pathname));
  if (!topic) return null;
  return `${topic.guide === 'index' ? '/help' : `/help/${topic.guide}`}#${topic.anchor}`;
}

/** The id a guide's heading gets (GitHub's rule for plain text: lower case, spaces to dashes, punctuation dropped). */
export function headingId(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
