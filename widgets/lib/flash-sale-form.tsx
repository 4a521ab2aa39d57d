import { useSignal } from '@preact/signals';
import { t } from './strings';
import { useSubmit } from './use-submit';
import type { FlashSaleDraft } from '../request/flash-sale-api';
import { CLUB_LEVEL_IDS, type ClubLevel } from '../../sites/club';

/** The club levels' names, written out so the string scan lists them for the console. */
const CLUB_LEVEL_NAME = {
  member: 'club.level.member',
  silver: 'club.level.silver',
  gold: 'club.level.gold',
  platinum: 'club.level.platinum',
} as const satisfies Record<ClubLevel, string>;

/** The form's texts, named so the string scan lists them for the console. */
type FieldKey =
  | 'flashSale.console.saleId'
  | 'flashSale.console.productId'
  | 'flashSale.console.commodityIds'
  | 'flashSale.console.startsAt'
  | 'flashSale.console.endsAt'
  | 'flashSale.console.units'
  | 'flashSale.console.salePrice'
  | 'flashSale.console.perAccountLimit'
  | 'flashSale.console.paymentWindow'
  | 'flashSale.console.fcodeRequired'
  | 'flashSale.console.waitingRoom';

const iso = (local: string) => (local ? new Date(local).toISOString() : '');

/**
 * The form that sets a flash sale of this storefront's country, or moves one (the same id again): the support
 * console's Flash sales tab and the release console's section. The server checks every field and refuses a sale it
 * cannot hold; its answer's message is shown as it is.
 */
export function FlashSaleForm({
  strings: s,
  save: send,
}: {
  strings: Record<string, string> | undefined;
  /** Sends the sale to the console's own route (staff or release managers). */
  save: (draft: FlashSaleDraft) => Promise<unknown>;
}) {
  const f = useSignal<Record<string, string>>({
    saleId: '',
    productId: '',
    commodityIds: '',
    startsAt: '',
    endsAt: '',
    units: '10',
    salePrice: '',
    perAccountLimit: '1',
    minClubLevel: '',
    paymentWindowMinutes: '15',
  });
  const flags = useSignal({ fcodeRequired: false, waitingRoom: false });
  const saved = useSignal('');
  const save = useSubmit(send, {
    strings: s,
    onSuccess: () => void (saved.value = t(s, 'flashSale.console.saved')),
  });
  const v = f.value;
  const field = (name: string, key: FieldKey, type = 'text') => (
    <label key={name}>
      {t(s, key)}{' '}
      <input
        name={name}
        type={type}
        required={name !== 'minClubLevel'}
        value={v[name]}
        onInput={(e) => (f.value = { ...f.value, [name]: (e.target as HTMLInputElement).value })}
      />
    </label>
  );
  const submit = (e: Event) => {
    e.preventDefault();
    saved.value = '';
    void save.run({
      saleId: v.saleId!.trim(),
      productId: v.productId!.trim(),
      commodityIds: v
        .commodityIds!.split(',')
        .map((x) => x.trim())
        .filter(Boolean),
      startsAt: iso(v.startsAt!),
      endsAt: iso(v.endsAt!),
      units: Number(v.units),
      salePrice: Number(v.salePrice),
      perAccountLimit: Number(v.perAccountLimit),
      fcodeRequired: flags.value.fcodeRequired,
      minClubLevel: (CLUB_LEVEL_IDS as readonly string[]).includes(v.minClubLevel!)
        ? (v.minClubLevel as ClubLevel)
        : null,
      waitingRoom: flags.value.waitingRoom,
      paymentWindowSeconds: Number(v.paymentWindowMinutes) * 60,
    });
  };
  const check = (name: 'fcodeRequired' | 'waitingRoom', key: FieldKey) => (
    <label>
      <input
        type="checkbox"
        checked={flags.value[name]}
        onChange={(e) => (flags.value = { ...flags.value, [name]: (e.target as HTMLInputElement).checked })}
      />{' '}
      {t(s, key)}
    </label>
  );
  return (
    <form class="console-pane console-form" data-testid="console-flash-sales" onSubmit={submit}>
      {field('saleId', 'flashSale.console.saleId')}
      {field('productId', 'flashSale.console.productId')}
      {field('commodityIds', 'flashSale.console.commodityIds')}
      {field('startsAt', 'flashSale.console.startsAt', 'datetime-local')}
      {field('endsAt', 'flashSale.console.endsAt', 'datetime-local')}
      {field('units', 'flashSale.console.units', 'number')}
      {field('salePrice', 'flashSale.console.salePrice', 'number')}
      {field('perAccountLimit', 'flashSale.console.perAccountLimit', 'number')}
      <label>
        {t(s, 'flashSale.console.minClubLevel')}{' '}
        <select
          name="minClubLevel"
          value={v.minClubLevel}
          onChange={(e) => (f.value = { ...f.value, minClubLevel: (e.target as HTMLSelectElement).value })}
        >
          <option value="">—</option>
          {CLUB_LEVEL_IDS.map((id) => (
            <option key={id} value={id}>
              {t(s, CLUB_LEVEL_NAME[id])}
            </option>
          ))}
        </select>
      </label>
      {field('paymentWindowMinutes', 'flashSale.console.paymentWindow', 'number')}
      {check('fcodeRequired', 'flashSale.console.fcodeRequired')}
      {check('waitingRoom', 'flashSale.console.waitingRoom')}
      <button type="submit" class="button" disabled={save.busy.value}>
        {t(s, 'flashSale.console.save')}
      </button>
      <p role="status">{saved.value}</p>
      <p role="alert">{save.error.value}</p>
    </form>
  );
}
