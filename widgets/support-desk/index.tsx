import { t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';
import { mountPreact } from '../lib/mount-preact';
import { goToSignIn, signInUrl } from '../request';
import { propsOf, type BaseProps } from '../runtime/types';
import { isLoggedIn } from '../state/user';
import type { HostProps, SupportDeskScreen } from '../contract';
import { supportApi } from '../request/support-api';
import { OfflineForm } from './offline-form';
import { TicketView, ticketRefFromLocation } from './ticket-view';
import { ServiceCentres } from './service-centres';
import { MyRequests } from './my-requests';
import { GrievanceForm, GrievanceHistory } from './grievance';
import { WarrantyCheck } from './warranty-check';
import { SUPPORT_CSS } from '../lib/support-parts';

type Props = HostProps<'support-desk'>;
/** Screens that need a signed-in user; the others serve visitors too. */
const SIGNED_IN: readonly SupportDeskScreen[] = ['my-requests', 'grievance', 'grievance-history'];

function Screen({ props }: { props: Props }) {
  const s = props.strings;
  const api = supportApi(props.api);
  const common = { s, api, urlLocal: props.urlLocal };
  switch (props.screen) {
    case 'offline-form':
      return <OfflineForm {...common} />;
    case 'service-centres':
      return <ServiceCentres {...common} />;
    case 'my-requests':
      return <MyRequests {...common} />;
    case 'grievance':
      return <GrievanceForm {...common} />;
    case 'grievance-history':
      return <GrievanceHistory {...common} />;
    case 'warranty-check':
      return <WarrantyCheck s={s} />;
    case 'ticket': {
      const refer = ticketRefFromLocation();
      // A bare id is the owner's: a visitor signs in first; without either the page says where the link is.
      if (refer && 'id' in refer && !isLoggedIn.value) {
        goToSignIn();
        return null;
      }
      if (!refer)
        return (
          <p>
            {t(s, 'supportDesk.ticket.noLink')}{' '}
            {isLoggedIn.value ? (
              <a href={`/${props.urlLocal}/user/my-request/`}>{t(s, 'supportDesk.mine.tickets')}</a>
            ) : (
              <a href={signInUrl()}>{t(s, 'supportDesk.common.signIn')}</a>
            )}
          </p>
        );
      return <TicketView s={s} api={api} refer={refer} />;
    }
  }
}

export function mount(host: HTMLElement, base: BaseProps): () => void {
  const props = propsOf<'support-desk'>(base);
  if (SIGNED_IN.includes(props.screen) && !isLoggedIn.value) {
    goToSignIn();
    return () => undefined;
  }
  adoptStyles('support-desk', SUPPORT_CSS);
  return mountPreact(
    host,
    <div class="support-desk" data-screen={props.screen}>
      <Screen props={props} />
    </div>,
  );
}
