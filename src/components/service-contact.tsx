import type { StorefrontContext } from '../page-context';
import type { Translate } from './translate';
import { WidgetHost } from './widget-host';
import { serviceLineFor } from '../../sites/service-lines';
import { weeklyHours, type HoursRow } from '../../sites/service-hours';

type Variant = 'page' | 'footer';

const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** The weekday's name from the catalogue (the store pages' names), so every word of the block is translated. */
const weekdayName = (t: Translate, day: number) => t(`stores.day.${DAY_KEYS[day - 1] ?? 'mon'}`);

const clockTime = (lang: string, hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1, h, m),
  );
};

/** The zone's name in the page's language ("Mitteleuropäische Zeit"), or its IANA id when Intl has none. */
const zoneName = (lang: string, zone: string) =>
  new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(Date.UTC(2024, 0, 1))
    .find((part) => part.type === 'timeZoneName')?.value ?? zone;

function HoursLine({ row, lang, t }: { row: HoursRow; lang: string; t: Translate }) {
  const days = row.from === row.to ? weekdayName(t, row.from) : `${weekdayName(t, row.from)}–${weekdayName(t, row.to)}`;
  return (
    <li>
      <span className="service-contact__days">{days}</span>{' '}
      {row.hours ? (
        <span>
          <time dateTime={row.hours.opens}>{clockTime(lang, row.hours.opens)}</time>–
          <time dateTime={row.hours.closes}>{clockTime(lang, row.hours.closes)}</time>
        </span>
      ) : (
        <span>{t('support.contact.closed')}</span>
      )}
    </li>
  );
}

/**
 * The country's customer-service line where shoppers look for it (contact page, support index, footer): phone and
 * e-mail as links, the reply promise, the live chat, the week's hours on the country's clock. Whether it is open
 * now is the `service-hours` island's: the build cannot know the moment a page is read.
 */
export function ServiceContact({
  storefront,
  t,
  variant,
}: {
  storefront: Pick<StorefrontContext, 'local' | 'urlLocal' | 'api' | 'lang'>;
  t: Translate;
  variant: Variant;
}) {
  const line = serviceLineFor(storefront.local, storefront.urlLocal);
  const { lang } = storefront;
  return (
    <address className={`service-contact service-contact--${variant}`} data-testid={`service-contact-${variant}`}>
      <dl>
        <div>
          <dt>{t('support.contact.phone')}</dt>
          <dd>
            <a href={`tel:${line.tel}`} translate="no" data-testid="service-phone">
              {line.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('support.contact.email')}</dt>
          <dd>
            <a href={`mailto:${line.email}`} translate="no">
              {line.email}
            </a>
            <p className="service-contact__promise">{t('support.contact.reply', { count: line.replyHours })}</p>
          </dd>
        </div>
        {line.chatUrl && (
          <div>
            <dt>{t('support.contact.chat')}</dt>
            <dd>
              <a href={line.chatUrl}>{t('support.contact.chatStart')}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('support.contact.hours')}</dt>
          <dd>
            <ul role="list" data-testid="service-hours-week">
              {weeklyHours(line).map((row) => (
                <HoursLine key={row.from} row={row} lang={lang} t={t} />
              ))}
            </ul>
            <p className="service-contact__zone">
              {t('support.contact.timeZone', { zone: zoneName(lang, line.zone) })}
            </p>
            <WidgetHost name="service-hours" load="visible" storefront={storefront} props={{ lang, zone: line.zone }} />
          </dd>
        </div>
      </dl>
    </address>
  );
}
