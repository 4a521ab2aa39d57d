import { t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';

type Strings = Record<string, string> | undefined;

const PRIORITY_CSS = `.priority-badge{display:inline-block;padding:.125rem .5rem;border-radius:999px;background:#ffe3cc;
color:#7a2e00;font-size:.875rem;font-weight:700}`;

/**
 * The priority club's badge: the customer owns a premium device, so staff answer them first (their queue places
 * them first too). The hint says why, for a new colleague.
 */
export function PriorityBadge({ s }: { s: Strings }) {
  adoptStyles('priority-badge', PRIORITY_CSS);
  return (
    <span class="priority-badge" data-testid="priority-badge" title={t(s, 'supportDesk.priority.hint')}>
      {t(s, 'supportDesk.priority.badge')}
    </span>
  );
}
