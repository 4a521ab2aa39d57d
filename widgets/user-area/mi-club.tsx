import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';
import { when } from '../lib/when';
import { messagesApi, type ClubStanding } from './messages-api';
import { benefitLines } from './club-benefits';

type Props = HostProps<'user-area'>;

/** /user/mi-club: the member's level from the Mi Points they earned, their balance, and the benefits they have. */
export function MiClub({ props }: { props: Props }) {
  const s = props.strings;
  const club = useResource(() => messagesApi.club(), { strings: s });
  const data = club.data;
  const notice = club.error;
  const d = data.value;
  if (!d) return <p role="status">{notice.value || t(s, 'common.loading')}</p>;
  const level = (id: ClubStanding['level']) => t(s, `club.level.${id}`);
  const nextBenefits = d.next ? d.levels.find((l) => l.id === d.next?.level)?.benefits : undefined;
  const adds = nextBenefits ? benefitLines(s, nextBenefits, d.benefits) : [];
  const fmt = (minor: number) => money(minor, d.exponent, props.priceDisplay);
  const top = d.levels[d.levels.length - 1]?.minEarned ?? 1;
  return (
    <section class="inbox" data-testid="mi-club" data-level={d.level}>
      <h2>
        {t(s, 'club.level')}: <span data-testid="club-level">{level(d.level)}</span>
      </h2>
      <p data-testid="club-balance">
        {t(s, 'club.balance', { count: d.balance, amount: fmt(d.balance * d.pointValue) })}
      </p>
      <p>{t(s, 'club.earned', { count: d.earned })}</p>
      <progress max={top} value={Math.min(d.earned, top)} aria-label={t(s, 'club.earned', { count: d.earned })} />
      <p data-testid="club-next">
        {d.next ? t(s, 'club.next', { count: d.next.missing, level: level(d.next.level) }) : t(s, 'club.top')}
      </p>
      <p class="inbox__meta">{t(s, 'club.howLevels')}</p>
      <ol class="inbox__tabs">
        {d.levels.map((l) => (
          <li key={l.id} aria-current={l.id === d.level ? 'step' : undefined}>
            {level(l.id)} · {l.minEarned}
          </li>
        ))}
      </ol>
      <h3>{t(s, 'club.benefits')}</h3>
      <ul data-testid="club-benefits">
        {benefitLines(s, d.benefits).map((b) => (
          <li key={b.key} data-benefit={b.key}>
            <strong>{b.text}</strong>
          </li>
        ))}
        <li>{t(s, 'club.benefit.earn', { amount: fmt(d.earnPer) })}</li>
        <li>{t(s, 'club.benefit.redeem', { amount: fmt(10 * d.pointValue), count: d.minRedeem })}</li>
        <li>{t(s, 'club.benefit.welcome', { count: d.welcomePoints })}</li>
        <li>{t(s, 'club.benefit.coupons')}</li>
      </ul>
      {d.next && adds.length > 0 ? (
        <>
          <h3>{t(s, 'club.nextAdds', { level: level(d.next.level) })}</h3>
          <ul data-testid="club-next-benefits">
            {adds.map((b) => (
              <li key={b.key} data-benefit={b.key}>
                {b.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {d.benefits.earlyAccessHours > 0 && d.earlyAccess.length > 0 ? (
        <ul data-testid="club-early-access">
          {d.earlyAccess.map((e) => (
            <li key={e.campaignId}>
              {t(s, 'club.earlyAccess.item', {
                product: e.productName,
                date: when(e.opensAt),
                publicDate: when(e.publicOpensAt),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      <p data-testid="club-birthday">
        {!d.birthday.set ? (
          <a href={storePath('user/profile/')}>{t(s, 'club.birthday.missing')}</a>
        ) : d.birthday.lastYear !== null && d.birthday.lastPoints !== null ? (
          t(s, 'club.birthday.given', { year: d.birthday.lastYear, count: d.birthday.lastPoints })
        ) : null}
      </p>
      <h3>{t(s, 'club.priority.title')}</h3>
      <p data-testid="club-priority" data-member={d.priority.member ? 'true' : 'false'}>
        {d.priority.member
          ? t(s, 'club.priority.member', {
              devices: new Intl.ListFormat(document.documentElement.lang || undefined).format(d.priority.devices),
            })
          : t(s, 'club.priority.how')}
      </p>
      <p class="inbox__actions">
        <a href={storePath('user/points-center/exchange/details/')}>{t(s, 'club.history')}</a>
        <a href={storePath('user/coupon/')}>{t(s, 'club.coupons')}</a>
      </p>
    </section>
  );
}
