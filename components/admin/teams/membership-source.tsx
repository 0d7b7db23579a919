import type { MembershipSource as Source } from '@/lib/teams/schemas';
import { Badge } from '../../ui/states';

/** Where a membership came from: an administrator's hand, or the identity provider's groups (not editable here). */
export function MembershipSource({ source }: { source: Source }) {
  return source === 'provider' ? (
    <Badge tone="blue">
      <span title="From the identity provider’s groups (OIDC_TEAM_MAP): change it there">from identity provider</span>
    </Badge>
  ) : (
    <Badge>added by hand</Badge>
  );
}
