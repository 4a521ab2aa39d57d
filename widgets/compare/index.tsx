import { render } from 'preact';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { request } from '../request';
import { price } from '../lib/price';
import { t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { idsFromSearch, searchOfIds } from './ids';
import { fixedImage } from '../../sites/image-renditions';

type Props = HostProps<'compare'>;

interface Compared {
  id: string;
  name: string;
  image: string;
  link: string;
  price: number;
  marketPrice: number;
  inStock: boolean;
  specs: { label: string; value: string }[];
}

const CSS = `.compare-pick{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;padding:0;list-style:none}
.compare-table td,.compare-table th{vertical-align:top}
.compare-table img{display:block;margin-block-end:.25rem}`;

function Compare({ props }: { props: Props }) {
  const s = props.strings;
  const initial = idsFromSearch(location.search, props.max);
  const firstCategory = props.candidates.find((c) => c.id === initial[0])?.category ?? props.categories[0]?.id ?? '';
  const category = useSignal(firstCategory);
  // Only products of the chosen category count; ids of another category or not sold here are dropped.
  const chosen = useSignal<string[]>(
    initial.filter((id) => props.candidates.some((c) => c.id === id && c.category === firstCategory)),
  );
  const table = useSignal<{ products: Compared[]; missing: string[] } | null>(null);
  const failed = useSignal(false);

  useEffect(() => {
    const ids = chosen.value;
    history.replaceState(history.state, '', `${location.pathname}${searchOfIds(ids)}${location.hash}`);
    failed.value = false;
    if (ids.length === 0) {
      table.value = { products: [], missing: [] };
      return;
    }
    table.value = null;
    let live = true;
    request<{ products: Compared[]; missing: string[] }>(`${props.api}/compare`, {
      params: { ids: ids.join(',') },
    }).then(
      (data) => live && (table.value = data),
      () => live && (failed.value = true),
    );
    return () => {
      live = false;
    };
  }, [chosen.value.join(',')]);

  const inCategory = props.candidates.filter((c) => c.category === category.value);
  const full = chosen.value.length >= props.max;
  const toggle = (id: string, on: boolean) => {
    chosen.value = on ? [...chosen.value, id].slice(0, props.max) : chosen.value.filter((x) => x !== id);
  };
  const data = table.value;
  const labels = data ? [...new Set(data.products.flatMap((p) => p.specs.map((sp) => sp.label)))] : [];
  return (
    <div class="compare">
      <div class="compare-controls">
        <label>
          {t(s, 'compare.category')}{' '}
          <select
            value={category.value}
            onChange={(e) => {
              category.value = (e.currentTarget as HTMLSelectElement).value;
              chosen.value = [];
            }}
          >
            {props.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>{t(s, 'compare.products')}</legend>
          <ul class="compare-pick" role="list">
            {inCategory.map((c) => {
              const on = chosen.value.includes(c.id);
              return (
                <li key={c.id}>
                  <label>
                    <input
                      type="checkbox"
                      value={c.id}
                      checked={on}
                      disabled={!on && full}
                      onChange={(e) => toggle(c.id, (e.currentTarget as HTMLInputElement).checked)}
                    />{' '}
                    {c.name}
                  </label>
                </li>
              );
            })}
          </ul>
          {full ? <p class="muted">{t(s, 'compare.limit', { count: props.max })}</p> : null}
        </fieldset>
        {chosen.value.length > 0 ? (
          <button type="button" class="button button--secondary" onClick={() => (chosen.value = [])}>
            {t(s, 'compare.clear')}
          </button>
        ) : null}
      </div>
      {failed.value ? (
        <p role="alert">{t(s, 'compare.failed')}</p>
      ) : data === null ? (
        <p>{t(s, 'compare.loading')}</p>
      ) : data.products.length < 2 ? (
        <p role="status">{t(s, 'compare.empty')}</p>
      ) : (
        <div class="table-scroll" role="region" aria-label={t(s, 'compare.title')} tabIndex={0}>
          <table class="table compare-table" data-testid="compare-table">
            <thead>
              <tr>
                <td />
                {data.products.map((p) => (
                  <th key={p.id} scope="col" data-product-id={p.id}>
                    <img {...fixedImage(p.image, 96)} alt="" width={96} height={96} loading="lazy" />
                    <a href={p.link}>{p.name}</a>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.isToC !== false ? (
                <tr>
                  <th scope="row">{t(s, 'product.price')}</th>
                  {data.products.map((p) => (
                    <td key={p.id}>{price(p.price, props.priceDisplay)}</td>
                  ))}
                </tr>
              ) : null}
              {labels.map((label) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {data.products.map((p) => (
                    <td key={p.id}>{p.specs.find((sp) => sp.label === label)?.value ?? '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.missing.length > 0 ? (
        <p class="muted">{t(s, 'compare.notSold', { ids: data.missing.join(', ') })}</p>
      ) : null}
    </div>
  );
}

/**
 * /compare: replaces the static picker form with a category select and checkboxes; the choice is kept in the URL
 * (?ids=a,b,c) and the table comes from GET {api}/compare in the storefront's currency and language.
 */
export function mount(host: HTMLElement, base: BaseProps): () => void {
  const props = propsOf<'compare'>(base);
  adoptStyles('compare', CSS);
  render(<Compare props={props} />, host);
  return () => render(null, host);
}
