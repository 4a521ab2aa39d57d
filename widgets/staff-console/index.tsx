import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { ChatsPane } from './chats-pane';
import { ServiceRequestsPane } from './service-requests-pane';
import { ReviewsPane } from './reviews-pane';
import { TicketsPane } from './tickets-pane';
import { AppointmentsPane } from './appointments-pane';
import { EnterprisePane } from './enterprise-pane';
import { PaymentsPane } from './payments-pane';
import { InventoryPane } from './inventory-pane';
import { OrdersPane } from './orders-pane';
import { ReviewPane } from './review-pane';
import { WebhooksPane } from './webhooks-pane';
import { InvoicesPane } from './invoices-pane';
import { AlertsPane } from './alerts-pane';
import { StudentsPane } from './students-pane';
import { FriendsPane } from './friends-pane';
import { DevicesPane } from './devices-pane';
import { FlashSalesPane } from './flash-sales-pane';

type Props = HostProps<'user-area'>;
type Strings = Record<string, string> | undefined;

/** The console's areas; each pane is one file of this folder. */
const PANES = [
  { id: 'chats', key: 'console.tab.chats', render: (s) => <ChatsPane strings={s} /> },
  { id: 'requests', key: 'console.tab.requests', render: (s) => <ServiceRequestsPane strings={s} /> },
  { id: 'reviews', key: 'console.tab.reviews', render: (s) => <ReviewsPane strings={s} /> },
  { id: 'tickets', key: 'supportDesk.staff.tickets', render: (s) => <TicketsPane strings={s} /> },
  { id: 'appointments', key: 'supportDesk.staff.appointments', render: (s) => <AppointmentsPane strings={s} /> },
  { id: 'enterprise', key: 'business.console.tab', render: (s) => <EnterprisePane strings={s} /> },
  { id: 'payments', key: 'console.tab.payments', render: (s) => <PaymentsPane strings={s} /> },
  { id: 'inventory', key: 'console.inventory.tab', render: (s) => <InventoryPane strings={s} /> },
  { id: 'alerts', key: 'alert.console.tab', render: (s) => <AlertsPane strings={s} /> },
  { id: 'orders', key: 'console.orders.tab', render: (s) => <OrdersPane strings={s} /> },
  { id: 'review', key: 'console.review.tab', render: (s) => <ReviewPane strings={s} /> },
  { id: 'webhooks', key: 'console.webhooks.tab', render: (s) => <WebhooksPane strings={s} /> },
  { id: 'invoices', key: 'console.invoices.tab', render: (s) => <InvoicesPane strings={s} /> },
  { id: 'students', key: 'student.console.tab', render: (s) => <StudentsPane strings={s} /> },
  { id: 'friends', key: 'friend.console.tab', render: (s) => <FriendsPane strings={s} /> },
  { id: 'devices', key: 'device.console.tab', render: (s) => <DevicesPane strings={s} /> },
  { id: 'flash-sales', key: 'flashSale.console.tab', render: (s) => <FlashSalesPane strings={s} /> },
] as const satisfies readonly { id: string; key: string; render: (s: Strings) => ComponentChildren }[];

/**
 * /support/console: where support staff answer live chats and move service requests (and, from their panes,
 * tickets, appointments and reviews) through their states, and follow an order's payments and refunds. The server
 * refuses every call to non-staff.
 */
export function StaffConsole({ props }: { props: Props }) {
  const s = props.strings;
  const tab = useSignal(new URLSearchParams(location.search).get('tab') ?? PANES[0]!.id);
  const current = PANES.find((p) => p.id === tab.value) ?? PANES[0]!;
  return (
    <section class="staff-console" data-testid="staff-console">
      <div role="tablist" aria-label={t(s, 'console.title')}>
        {PANES.map((p) => (
          <button
            key={p.id}
            type="button"
            role="tab"
            id={`console-tab-${p.id}`}
            aria-selected={p.id === current.id}
            aria-controls="console-panel"
            onClick={() => {
              tab.value = p.id;
              history.replaceState(history.state, '', `?tab=${p.id}`);
            }}
          >
            {t(s, p.key)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="console-panel" aria-labelledby={`console-tab-${current.id}`}>
        {current.render(s)}
      </div>
    </section>
  );
}
