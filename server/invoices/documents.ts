import type { InvoicesRepository, DocumentWithContent } from '../repositories/invoices';
import type { AttachmentResolver } from '../mail/transport';
import { findStorefront } from '../storefront';
import { renderDocumentPdf } from './render-pdf';

/** The PDF of a stored document, in the language of the storefront its order was placed in. */
export async function documentPdf(doc: DocumentWithContent): Promise<Buffer> {
  const storefront = findStorefront(doc.url_local);
  if (!storefront) throw new Error(`document ${doc.number}: unknown storefront ${doc.url_local}`);
  return renderDocumentPdf(doc.content, storefront);
}

/** The mail sender's resolver of `invoice` attachments: the document's PDF, rendered when the mail goes out. */
export function invoiceAttachments(invoices: Pick<InvoicesRepository, 'get'>): AttachmentResolver {
  return async (ref) => {
    if (ref.kind !== 'invoice') throw new Error(`no resolver for attachments of kind ${ref.kind}`);
    const doc = await invoices.get(ref.ref);
    if (!doc) throw new Error(`attachment: document ${ref.ref} not found`);
    return { filename: ref.filename, contentType: 'application/pdf', content: await documentPdf(doc) };
  };
}
