import type { FlashSaleData } from '../template-data';
import { formatPrice } from '../../region-config';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';
import { fluidImage } from '../../sites/image-renditions';

const IMAGE_WIDTH = '(min-width: 640px) 24rem, 100vw';

/**
 * /flash-sale/{saleId}: a flash sale's product, price, versions and window, readable without JavaScript. The state
 * of now (starts in, buy, waiting, won, sold out, ended) is the flash-sale island's: the page is never rebuilt for it.
 */
export default function FlashSaleTemplate({ pageContext }: TemplateProps<FlashSaleData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const money = (minor: number) => formatPrice(minor / 10 ** data.exponent, storefront.priceDisplay);
  const regular = data.commodities.find((c) => c.regularPrice !== null)?.regularPrice ?? null;
  return (
    <Layout pageContext={pageContext} t={t}>
      <article className="flash-sale" aria-labelledby="flash-sale-title">
        <h1 id="flash-sale-title" className="page-title">
          {t('flashSale.title', { product: data.productName })}
        </h1>
        {data.image ? (
          // Its box is known before it loads (width and height), so the price and the sale below never move.
          <img
            className="flash-sale__image"
            {...fluidImage(data.image, IMAGE_WIDTH)}
            alt={data.productName}
            width={600}
            height={600}
          />
        ) : null}
        <p className="flash-sale__price">
          <strong>{money(data.salePrice)}</strong>{' '}
          {regular !== null ? <s>{formatPrice(regular, storefront.priceDisplay)}</s> : null}
        </p>
        <p className="flash-sale__terms">
          {t('flashSale.perAccount', { limit: data.perAccountLimit })} <a href={data.productHref}>{data.productName}</a>
        </p>
        <WidgetHost
          name="flash-sale"
          load="eager"
          storefront={storefront}
          className="flash-sale__live"
          props={{
            saleId: data.saleId,
            startsAt: data.startsAt,
            endsAt: data.endsAt,
            commodities: data.commodities.map((c) => ({ commodityId: c.commodityId, name: c.name })),
            seckillApi: data.seckillApi,
          }}
        >
          {/* Without JavaScript: the window, as dates. */}
          <p className="flash-sale__window">
            <time dateTime={data.startsAt}>{data.startsAt.replace('T', ' ').replace(/:\d\dZ$/, ' UTC')}</time>
          </p>
        </WidgetHost>
      </article>
    </Layout>
  );
}
