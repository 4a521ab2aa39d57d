import type { StorefrontContext } from '../../page-context';
import type { ResolvedBlock } from '../../template-data';
import { fixedImage, fluidImage } from '../../../sites/image-renditions';
import { formatDate, getRegionSettings } from '../../../region-config';
import { FormattedDate } from '../formatted-date';
import { ProductGrid } from '../product-card';
import { SmartLink } from '../smart-link';
import type { Translate } from '../translate';
import { WidgetHost } from '../widget-host';

export interface BlockProps {
  block: ResolvedBlock;
  storefront: StorefrontContext;
  t: Translate;
  /** The hero that opens a page carries the page's only h1; every other block title is an h2. */
  isPageHeading: boolean;
  index: number;
}

/** Heroes and banners span the content column, which stops growing at 1440 px. */
const FULL_WIDTH = '(min-width: 1440px) 1440px, 100vw';

/**
 * What analytics names a hero or banner by (its exposure and its link's clicks): the block's place on its page, which
 * the events' page path completes; CMS blocks have no id of their own.
 */
const blockTrack = (kind: 'hero' | 'banner', index: number) => `${kind}:${index}`;

function Hero({ block, isPageHeading, index }: BlockProps) {
  const Heading = isPageHeading ? 'h1' : 'h2';
  const tracked = blockTrack('hero', index);
  return (
    <section className="hero" data-track-exposure={tracked}>
      {block.image && (
        <img
          className="hero__image"
          {...fluidImage(block.image, FULL_WIDTH)}
          alt=""
          width={1440}
          height={560}
          {...(isPageHeading ? { fetchpriority: 'high' } : { loading: 'lazy' as const })}
        />
      )}
      <div className="hero__text">
        {block.title && <Heading>{block.title}</Heading>}
        {block.subtitle && <p className="hero__subtitle">{block.subtitle}</p>}
        {block.cta && (
          <SmartLink className="button" href={block.cta.href} data-track={tracked}>
            {block.cta.text}
          </SmartLink>
        )}
      </div>
    </section>
  );
}

function ProductRow({ block, storefront, t, index }: BlockProps) {
  const headingId = `block-${index}-title`;
  return (
    <section className="block" aria-labelledby={block.title ? headingId : undefined}>
      {block.title && <h2 id={headingId}>{block.title}</h2>}
      {block.subtitle && <p>{block.subtitle}</p>}
      <ProductGrid products={block.products ?? []} storefront={storefront} t={t} headingLevel={block.title ? 3 : 2} />
      {block.cta && <SmartLink href={block.cta.href}>{block.cta.text}</SmartLink>}
    </section>
  );
}

function Banner({ block, index }: BlockProps) {
  const tracked = blockTrack('banner', index);
  const body = (
    <>
      {block.image && (
        <img
          className="banner__image"
          {...fluidImage(block.image, FULL_WIDTH)}
          alt=""
          width={1200}
          height={400}
          loading="lazy"
        />
      )}
      <span className="banner__text">
        {block.title && <span className="banner__title">{block.title}</span>}
        {block.subtitle && <span className="banner__subtitle">{block.subtitle}</span>}
        {block.cta && <span className="button">{block.cta.text}</span>}
      </span>
    </>
  );
  return (
    <section className="banner" data-track-exposure={tracked}>
      {block.cta ? (
        <SmartLink href={block.cta.href} data-track={tracked}>
          {body}
        </SmartLink>
      ) : (
        body
      )}
    </section>
  );
}

function RichText({ block }: BlockProps) {
  return (
    <section className="block prose">
      {block.title && <h2>{block.title}</h2>}
      {(block.paragraphs ?? []).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </section>
  );
}

/** FAQ as native disclosure widgets: open and close without JavaScript. */
export function FaqList({ faqs, title }: { faqs: { question: string; answer: string[] }[]; title?: string }) {
  return (
    <section className="block faq">
      {title && <h2>{title}</h2>}
      {faqs.map((faq) => (
        <details key={faq.question} className="accordion">
          <summary>{faq.question}</summary>
          {faq.answer.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </details>
      ))}
    </section>
  );
}

/**
 * A campaign window. Without JavaScript the page states the window as dates, which stay true whenever the page is
 * served; the `countdown` island replaces them with "starts in", "ends in" or "ended" on the server's clock.
 */
function Countdown({ block, storefront, t }: BlockProps) {
  if (!block.endsAt) return null;
  const date = (iso: string) =>
    formatDate(iso, getRegionSettings(storefront.local), 'dateTimeFormatNoSecond', storefront.urlLocal);
  return (
    <section className="block countdown">
      {block.title && <h2>{block.title}</h2>}
      <WidgetHost
        name="countdown"
        load="visible"
        storefront={storefront}
        props={{ ...(block.startsAt ? { startsAt: block.startsAt } : {}), endsAt: block.endsAt, type: 'timeWithDays' }}
      >
        <p>
          {block.startsAt ? (
            t('campaign.window', { from: date(block.startsAt), to: date(block.endsAt) })
          ) : (
            <FormattedDate
              value={block.endsAt}
              storefront={storefront}
              label={(to) => t('campaign.until', { date: to })}
            />
          )}
        </p>
      </WidgetHost>
    </section>
  );
}

function CategoryGrid({ block }: BlockProps) {
  return (
    <section className="block">
      {block.title && <h2>{block.title}</h2>}
      <ul className="categories" role="list">
        {(block.categories ?? []).map((category) => (
          <li key={category.id}>
            <a href={category.href} data-track={`category:${category.id}`}>
              {category.icon && <img {...fixedImage(category.icon, 64)} alt="" width={64} height={64} loading="lazy" />}
              <span>{category.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The warranty check by IMEI or serial: a lookup of the live API, so without JavaScript the block says how to reach
 * it instead (the page's own text already says what the check tells).
 */
function WarrantyCheck({ storefront, t }: BlockProps) {
  return (
    <section className="block">
      <WidgetHost name="support-desk" load="visible" storefront={storefront} props={{ screen: 'warranty-check' }}>
        <p>{t('warrantyCheck.noScript')}</p>
      </WidgetHost>
    </section>
  );
}

/** Renders one CMS block by type. */
export function Block(props: BlockProps) {
  switch (props.block.type) {
    case 'hero':
      return <Hero {...props} />;
    case 'product-row':
      return <ProductRow {...props} />;
    case 'banner':
      return <Banner {...props} />;
    case 'rich-text':
      return <RichText {...props} />;
    case 'faq-list':
      return <FaqList faqs={props.block.faqs ?? []} title={props.block.title} />;
    case 'countdown':
      return <Countdown {...props} />;
    case 'category-grid':
      return <CategoryGrid {...props} />;
    case 'warranty-check':
      return <WarrantyCheck {...props} />;
  }
}

/** True when the page's first block is a titled hero, which then holds the page's h1. */
export function heroIsHeading(blocks: readonly ResolvedBlock[]): boolean {
  const first = blocks[0];
  return first?.type === 'hero' && !!first.title;
}

export interface BlocksProps {
  blocks: readonly ResolvedBlock[];
  storefront: StorefrontContext;
  t: Translate;
  /** The page title, rendered as h1 unless the opening hero carries it. */
  title: string;
}

/** A CMS page body: exactly one h1 (the opening hero's or the page title), then the blocks in order. */
export function Blocks({ blocks, storefront, t, title }: BlocksProps) {
  const heroHeading = heroIsHeading(blocks);
  return (
    <>
      {!heroHeading && <h1 className="page-title">{title}</h1>}
      {blocks.map((block, index) => (
        <Block
          key={index}
          block={block}
          storefront={storefront}
          t={t}
          index={index}
          isPageHeading={heroHeading && index === 0}
        />
      ))}
    </>
  );
}
