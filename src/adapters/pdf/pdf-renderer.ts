// Renders an invoice, a receipt or a credit note as an A4 PDF with pdfkit (laid out by document-layout.ts).
import PDFDocument from 'pdfkit';
import type { BillingDocument } from './billing-document';
import { DocumentLayout } from './document-layout';
import { TITLES } from './document-text';
import { MARGIN } from './pdf-page';

/** The PDF of a billing document. */
export async function renderBillingDocument(doc: BillingDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${TITLES[doc.kind]} ${doc.number}`,
      Author: doc.seller.name,
      Subject: `${TITLES[doc.kind]} for ${doc.buyer.name}`,
      Creator: 'Bursar',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  new DocumentLayout(pdf, doc).render();
  pdf.end();
  return done;
}
