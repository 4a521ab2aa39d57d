import type { CommodityView } from '../template-data';
import type { Translate } from './translate';

export interface SpecGridProps {
  grid: (CommodityView | null)[][];
  selectedCommodityId: string;
  /** The page of one commodity, e.g. id => '/id/item/10001/'. */
  itemHref: (commodityId: string) => string;
  t: Translate;
}

/** Row and column headings of the grid: the first non-empty cell of each row and column names it. */
export function gridAxes(grid: (CommodityView | null)[][]): { rows: string[]; columns: string[] } {
  const rows = grid.map((row) => row.find((cell) => cell !== null)?.firstSpecValue ?? '');
  const width = Math.max(0, ...grid.map((row) => row.length));
  const columns = Array.from(
    { length: width },
    (_, c) => grid.map((row) => row[c]).find((cell) => cell)?.secondSpecValue ?? '',
  );
  return { rows, columns };
}

/**
 * The two-dimensional spec grid as a real table of links: each available commodity is a link to its
 * own page (/item/{commodityId}), so choosing a version works without JavaScript; the `add-to-cart` widget
 * turns the same choice into an in-page selection.
 */
export function SpecGrid({ grid, selectedCommodityId, itemHref, t }: SpecGridProps) {
  const { rows, columns } = gridAxes(grid);
  return (
    <table className="spec-grid">
      <caption>{t('product.chooseVariant')}</caption>
      <thead>
        <tr>
          <td />
          {columns.map((column, c) => (
            <th key={c} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {grid.map((row, r) => (
          <tr key={r}>
            <th scope="row">{rows[r]}</th>
            {columns.map((_, c) => {
              const cell = row[c] ?? null;
              if (!cell) {
                return (
                  <td key={c} className="spec-grid__none">
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">{t('product.notAvailable')}</span>
                  </td>
                );
              }
              const selected = cell.commodityId === selectedCommodityId;
              const soldOut = cell.stock <= 0;
              return (
                <td key={c}>
                  <a
                    className={`spec-grid__option${selected ? ' is-selected' : ''}${soldOut ? ' is-sold-out' : ''}`}
                    href={itemHref(cell.commodityId)}
                    aria-current={selected ? 'true' : undefined}
                  >
                    {cell.firstSpecValue} · {cell.secondSpecValue}
                    {soldOut && <span className="spec-grid__note"> ({t('product.outOfStock')})</span>}
                  </a>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
