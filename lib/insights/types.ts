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

/** How visits of a layer stand against their SLA (server/insights/approval-layers.ts). */
export interface SlaCounts {
  met: number;
  missed: number;
  /** undecided and past the deadline */
  overdue: number;
  /** undecided, deadline still ahead */
  pending: number;
  /** the watcher never saw the API name a deadline for the visit */
  not_seen: number;
}

export interface ApprovalInsights {
  submitted_per_week: BucketCount[];
  decisions: { decision: string; count: number }[];
  time_to_decision: Duration;
  revision_rounds: { rounds: string; count: number }[];
  first_seen_later: number;
  /** requests the console did not submit (no team, workflow or sender known): counted only for a reader who sees everything, unfiltered */
  not_from_console: number;
  /** workflow_id null: the requests not submitted from the console */
  by_workflow: {
    workflow_id: string | null;
    workflow_name: string | null;
    submitted: number;
    approved: number;
    rejected: number;
    other: number;
    open: number;
    time_to_decision: Duration;
    /** requests sent back at least once */
    revised: number;
    /** revision rounds, all requests together */
    revision_rounds: number;
  }[];
  layers: {
    workflow_id: string | null;
    workflow_name: string | null;
    layer: number | null;
    name: string | null;
    visits: number;
    /** visits whose entry time the API did not tell: counted, not timed */
    start_not_told: number;
    time_in_layer: Duration;
    sla: SlaCounts;
  }[];
  sla: SlaCounts;
  /** requests of which the watcher kept no visited step */
  layers_not_told: number;
}

export interface InsightsData {
  period: { from: string; to: string; tz: string; unit: 'day' | 'week'; start: string; end: string };
  filters: { team?: string; template?: string; workflow?: string; sender?: string };
  options: {
    teams: { id: string; name: string }[];
    templates: { id: string; name: string | null }[];
    senders: { id: string; name: string }[];
    /** the workflows of the console's submissions in the period */
    workflows: { id: string; name: string | null }[];
  };
  /** null: the reader's roles do not read packages */
  packages: PackageInsights | null;
  /** the figures, or why there are none: the roles do not read requests */
  approvals: { figures: ApprovalInsights } | { figures: null; reason: 'role' };
}
