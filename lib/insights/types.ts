// What GET /api/insights answers and the page draws: plain types, so the page's client
// component names them without zod. Times are ISO instants, durations milliseconds, days the
// viewer's calendar days (YYYY-MM-DD).

export interface Duration {
  count: number;
  median_ms: number | null;
  p90_ms: number | null;
}

export interface BucketCount {
  from: string;
  to: string;
  count: number;
}

export interface PackageInsights {
  sent: BucketCount[];
  outcomes: { outcome: 'completed' | 'declined' | 'expired' | 'delivered' | 'queued' | 'other' | 'not_seen'; count: number }[];
  durations: { to_complete: Duration; to_first_signature: null };
  templates: { template_id: string; template_name: string | null; sent: number; declined: number; expired: number }[];
  expiring: {
    days: { day: string; count: number }[];
    packages: {
      package_id: string;
      template_id: string;
      template_name: string | null;
      status: string | null;
      expires_at: string;
    }[];
    total: number;
  };
  unseen: { watcher_since: string | null; sent_before_watcher: number; not_seen: number; other_means: number | null };
}

export interface ApprovalInsights {
  submitted_per_week: BucketCount[];
  decisions: { decision: string; count: number }[];
  time_to_decision: Duration;
  revision_rounds: { rounds: string; count: number }[];
  first_seen_later: number;
}

export interface InsightsData {
  period: { from: string; to: string; tz: string; unit: 'day' | 'week'; start: string; end: string };
  filters: { team?: string; template?: string; sender?: string };
  options: {
    teams: { id: string; name: string }[];
    templates: { id: string; name: string | null }[];
    senders: { id: string; name: string }[];
  };
  /** null: the reader's roles do not read packages */
  packages: PackageInsights | null;
  /** the figures, or why there are none: the roles do not read requests, or the console cannot narrow them */
  approvals: { figures: ApprovalInsights } | { figures: null; reason: 'role' | 'team_scope' | 'filtered' };
}
