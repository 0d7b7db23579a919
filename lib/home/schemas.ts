// What home answers (GET /api/home): sections in order of urgency, each with its rows or the
// error of its own source, so one failing source never hides the others.

export type HomeSectionId = 'needs_you' | 'expiring_soon' | 'stuck' | 'drafts' | 'finished' | 'went_wrong' | 'saved_views';

export interface HomeRow {
  /** stable within the section */
  key: string;
  /** what it is: "Approval request", "Package", "Send" … */
  kind: string;
  title: string;
  /** a plain sentence: what is wrong or due, and what to do */
  detail: string;
  /** where it is resolved */
  href: string;
  /** ISO time the row is measured from (waiting since, expiring at, sent at, failed at) */
  at: string | null;
  /** true when it is the signed-in user's own (submitted, sent, saved by them) */
  mine: boolean;
  /** a record's status, shown as the record's own page shows it (one colour per status) */
  status?: { family: 'package' | 'request'; code: string };
  /** a saved view's id: home offers to delete it */
  saved_view_id?: string;
  /** a saved view shared with a team: the team's name and who made it */
  shared?: { team: string; by: string };
  /** the user may put it aside (POST /api/home/dismissals with its key) */
  dismissible?: boolean;
}

export interface HomeSection {
  id: HomeSectionId;
  rows: HomeRow[];
  /** rows there are in all, where more exist than are listed */
  total: number;
  error: { code: string; message: string } | null;
}

export interface HomeAnswer {
  generated_at: string;
  /** the thresholds the sections used */
  settings: { expiring_days: number; stuck_hours: number };
  /** the start of the user's visit before this one (the API's time): "finished since you last looked"; null before a second visit */
  last_looked: string | null;
  /** when the watcher last read the API's lists, where packages and requests come from what it recorded; null when read from the API now */
  as_of: string | null;
  sections: HomeSection[];
  /** what the navigation's badge counts: the rows of "Needs you" and of "Expiring soon" */
  needs_you: number;
}

export const HOME_SECTION_TITLES: Record<HomeSectionId, string> = {
  needs_you: 'Needs you',
  expiring_soon: 'Expiring soon',
  stuck: 'Stuck',
  drafts: 'Your drafts',
  finished: 'Finished since you last looked',
  went_wrong: 'Went wrong',
  saved_views: 'Your saved views',
};
