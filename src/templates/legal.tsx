import type { LegalBlock, LegalData } from '../legal-data';
import type { LegalInline } from '../../content/legal/placeholders';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

function Inline({ parts }: { parts: LegalInline[] }) {
  return (
    <>
      {parts.map((part, i) =>
        'href' in part ? (
          <a key={i} href={part.href}>
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (block.kind === 'p')
    return (
      <p>
        <Inline parts={block.parts} />
      </p>
    );
  return (
    <ul>
      {block.items.map((item, i) => (
        <li key={i}>
          <Inline parts={item} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A legal document: its title, version and effective date, a table of contents, then its sections. A document shown
 * in English while its translation is pending carries lang="en" and a notice in the storefront's language above it.
 */
export default function LegalTemplate({ pageContext }: TemplateProps<LegalData>) {
  const t = useTranslate();
  const { data } = pageContext;
  const ownLanguage = data.notice === undefined;
  return (
    <Layout pageContext={pageContext} t={t}>
      {data.notice ? (
        <p className="legal__notice" role="note" data-testid="legal-notice">
          {data.notice}
        </p>
      ) : null}
      <article
        className="prose legal"
        lang={ownLanguage ? undefined : data.lang}
        data-document={data.document}
        data-version={data.version}
      >
        <h1 className="page-title">{data.title}</h1>
        <p className="muted" data-testid="legal-effective">
          <time dateTime={data.effectiveDate}>{data.effective}</time>
        </p>
        <nav className="legal__contents" aria-labelledby="legal-contents">
          <h2 id="legal-contents">{data.contentsLabel}</h2>
          <ol>
            {data.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {data.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`}>{section.heading}</h2>
            {section.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
            {section.table ? (
              <div className="table-scroll">
                <table className="table" data-testid="legal-cookie-table">
                  <thead>
                    <tr>
                      <th scope="col">{section.table.columns.name}</th>
                      <th scope="col">{section.table.columns.category}</th>
                      <th scope="col">{section.table.columns.purpose}</th>
                      <th scope="col">{section.table.columns.lifetime}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {section.table.rows.map((row) => (
                      <tr key={row.name}>
                        <th scope="row">
                          <code>{row.name}</code>
                        </th>
                        <td>{row.category}</td>
                        <td>{row.purpose}</td>
                        <td>{row.lifetime}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </section>
        ))}
      </article>
    </Layout>
  );
}
