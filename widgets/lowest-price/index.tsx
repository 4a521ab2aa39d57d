import { mountPreact } from '../lib/mount-preact';
import { LowestPriceLine } from '../lib/lowest-price-line';
import { lowestPricesFor } from '../lib/lowest-prices';
import { useResource } from '../lib/use-resource';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';

type Props = HostProps<'lowest-price'>;

/**
 * A product card's lowest price of the last 30 days. The card was built before the publish that started its price, so
 * the figure comes from the API when the card shows (one request for the cards that show together). Until then, and
 * if the call fails, the card shows its price alone: the line is only ever added, never guessed.
 */
function LowestPrice({ props }: { props: Props }) {
  const offers = useResource(() => lowestPricesFor(props.api, props.local, [props.commodityId]), {
    strings: props.strings,
  });
  return <LowestPriceLine offer={offers.data.value?.get(props.commodityId)} strings={props.strings} />;
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  if (typeof props['commodityId'] !== 'string') throw new TypeError('lowest-price: props.commodityId must be a string');
  return mountPreact(host, <LowestPrice props={propsOf<'lowest-price'>(props)} />);
}
