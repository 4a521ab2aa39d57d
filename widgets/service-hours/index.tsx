import { mountPreact } from '../lib/mount-preact';
import { adoptStyles } from '../lib/styles';
import { t } from '../lib/strings';
import { useResource } from '../lib/use-resource';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { customerContactApi } from '../request/customer-contact-api';

type Props = HostProps<'service-hours'>;

const CSS = `.service-hours{margin:.25rem 0 0;font-weight:700}
.service-hours::before{content:"";display:inline-block;inline-size:.6em;block-size:.6em;
border-radius:50%;margin-inline-end:.4em;background:#1a7f37}
.service-hours--closed::before{background:#a40e26}`;

/**
 * "Open now, until 18:00" or "Closed now. Next opening: Monday 09:00", decided by the server's clock (a static page
 * cannot know the moment it is read), with the times on the country's clock in the page's language.
 */
function ServiceHours({ props }: { props: Props }) {
  const s = props.strings;
  const hours = useResource(() => customerContactApi(props.api).serviceHours(), { strings: s });
  const h = hours.data.value;
  // Until the server answers (or when it cannot), the static hours above stand alone: nothing is guessed here.
  if (!h) return null;
  const time = new Intl.DateTimeFormat(props.lang, { timeZone: props.zone, hour: 'numeric', minute: '2-digit' });
  const when = new Intl.DateTimeFormat(props.lang, {
    timeZone: props.zone,
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });
  if (h.openNow && h.closesAt !== null)
    return (
      <p class="service-hours service-hours--open" data-testid="service-hours" data-open="true">
        {t(s, 'support.contact.openNow', { time: time.format(h.closesAt) })}
      </p>
    );
  if (h.opensAt === null) return null;
  return (
    <p class="service-hours service-hours--closed" data-testid="service-hours" data-open="false">
      {t(s, 'support.contact.closedNow', { when: when.format(h.opensAt) })}
    </p>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  adoptStyles('service-hours', CSS);
  return mountPreact(host, <ServiceHours props={propsOf<'service-hours'>(props)} />);
}
