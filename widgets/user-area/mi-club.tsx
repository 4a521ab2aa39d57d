import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';
import { messagesApi } from './messages-api';
import type { ClubLevel } from '../../sites/club';

type Props = HostProps<'user-area'>;

/** /user/mi-club: the member's level from the Mi Points they earned, their balance, and the benefits they have. */
export function MiClub({ props }: { props: Props }) {
  const s = props.strings;
  const club = useResource(() => messagesApi.club(), { strings: s });
  const data = club.data;
  const notice = club.error;
  const d = data.value;
  if (!d) return <p role="status">{notice.value || t(s, 'common.loading')}</p>;
  const level = (id: ClubLevel) => t(s, `club.level.${id}`);
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
      <ul>
        <li>{t(s, 'club.benefit.earn', { amount: fmt(d.earnPer) })}</li>
        <li>{t(s, 'club.benefit.redeem', { amount: fmt(10 * d.pointValue), count: d.minRedeem })}</li>
        <li>{t(s, 'club.benefit.welcome', { count: d.welcomePoints })}</li>
        <li>{t(s, 'club.benefit.coupons')}</li>
      </ul>
      <p class="inbox__actions">
        <a href={storePath('user/points-center/exchange/details/')}>{t(s, 'club.history')}</a>
        <a href={storePath('user/coupon/')}>{t(s, 'club.coupons')}</a>
      </p>
    </section>
  );
}
