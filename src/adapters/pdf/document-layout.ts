// An invoice, a receipt or a credit note placed on its pages: everything printed is already worked out in the
// BillingDocument; this only formats amounts, rates and dates and places them, page after page.
import { formatAmount } from '../../kernel/money';
import type { BillingDocument, DocumentParty } from './billing-document';
import type { Weight } from './pdf-fonts';
import { AMOUNT_WIDTH, AMOUNT_X, GRAY, LEFT, MARGIN, PdfPage, WIDTH } from './pdf-page';
import { formatDate, SETTLED, taxLabel, TITLES } from './document-text';

/** A billing document laid out: its header, parties, lines, totals and notes, then every page numbered. */
export class DocumentLayout extends PdfPage {
  constructor(
    pdf: PDFKit.PDFDocument,
    private readonly doc: BillingDocument,
  ) {
    super(pdf);
  }

  render(): void {
    this.header();
    this.parties();
    this.lines();
    this.totals();
    this.notes();
    this.pageNumbers();
  }

  private header(): void {
    this.y += this.write(TITLES[this.doc.kind], LEFT, this.y, WIDTH, { weight: 'bold', size: 22 }) + 8;
    const rows: [string, string][] = [
      [`${TITLES[this.doc.kind]} number`, this.doc.number],
      ['Date of issue', formatDate(this.doc.issuedAt)],
    ];
    if (this.doc.settledAt) rows.push([SETTLED[this.doc.kind], formatDate(this.doc.settledAt)]);
    for (const { label, value } of this.doc.references) rows.push([label, value]);
    for (const [label, value] of rows) {
      const height = Math.max(
        this.write(label, LEFT, this.y, 140, { weight: 'bold' }),
        this.write(value, LEFT + 150, this.y, WIDTH - 150),
      );
      this.y += height + 2;
    }
    this.y += 20;
  }

  private parties(): void {
    const column = (WIDTH - 20) / 2;
    const seller = this.party('Seller of record', this.doc.seller, LEFT, column, [
      `on behalf of ${this.doc.merchant.name}`,
    ]);
    const buyer = this.party('Bill to', this.doc.buyer, LEFT + column + 20, column, []);
    this.y += Math.max(seller, buyer) + 24;
  }

  /** One party's block at the current height; returns its height. */
  private party(heading: string, party: DocumentParty, x: number, width: number, extra: string[]): number {
    let y = this.y;
    y += this.write(heading, x, y, width, { size: 8.5, color: GRAY }) + 3;
    y += this.write(party.name, x, y, width, { weight: 'bold' }) + 1;
    for (const line of [...party.addressLines, ...party.taxIds, ...extra]) y += this.write(line, x, y, width) + 1;
    return y - this.y;
  }

  private lines(): void {
    this.tableHeader();
    for (const line of this.doc.lines) {
      const labelWidth = AMOUNT_X - LEFT - 10;
      const height =
        this.measure(line.label, labelWidth) +
        (line.period ? this.measure(line.period, labelWidth, { size: 8.5 }) + 2 : 0) +
        10;
      if (this.ensureSpace(height)) this.tableHeader();
      let y = this.y + 5;
      this.write(formatAmount(line.amount, this.doc.currency), AMOUNT_X, y, AMOUNT_WIDTH, { align: 'right' });
      y += this.write(line.label, LEFT, y, labelWidth) + 2;
      if (line.period) this.write(line.period, LEFT, y, labelWidth, { size: 8.5, color: GRAY });
      this.y += height;
      this.rule(0.5, '#dddddd');
    }
    this.y += 12;
  }

  private tableHeader(): void {
    this.write('Description', LEFT, this.y, WIDTH / 2, { weight: 'bold' });
    this.y += this.write('Amount', AMOUNT_X, this.y, AMOUNT_WIDTH, { weight: 'bold', align: 'right' }) + 4;
    this.rule(1, '#000000');
  }

  private totals(): void {
    const { currency, discount, refunded } = this.doc;
    const money = (amount: number) => formatAmount(amount, currency);
    this.total('Subtotal', money(this.doc.subtotal));
    if (discount) this.total(discount.label, money(-discount.amount));
    this.total('Net', money(this.doc.net));
    for (const tax of this.doc.taxLines) this.total(taxLabel(tax), money(tax.amount));
    this.total('Tax', money(this.doc.tax));
    this.total('Total', money(this.doc.total), true);
    if (refunded) {
      this.total('Refunded', money(-(refunded.amount + refunded.tax)));
      this.total('Net paid', money(this.doc.total - refunded.amount - refunded.tax), true);
    }
    this.y += 20;
  }

  /** A row of the totals, right of the page; a bold one has a rule above it. */
  private total(label: string, value: string, bold = false): void {
    const labelX = LEFT + 120;
    const labelWidth = AMOUNT_X - labelX - 10;
    const weight: Weight = bold ? 'bold' : 'regular';
    this.ensureSpace(this.measure(label, labelWidth, { weight }) + 8);
    if (bold) this.rule(0.75, '#000000', labelX);
    const height = Math.max(
      this.write(label, labelX, this.y + 3, labelWidth, { weight }),
      this.write(value, AMOUNT_X, this.y + 3, AMOUNT_WIDTH, { weight, align: 'right' }),
    );
    this.y += height + 6;
  }

  private notes(): void {
    for (const note of this.doc.notes) {
      const height = this.measure(note, WIDTH, { size: 8.5 });
      this.ensureSpace(height);
      this.y += this.write(note, LEFT, this.y, WIDTH, { size: 8.5, color: GRAY }) + 6;
    }
  }

  private pageNumbers(): void {
    const { start, count } = this.pdf.bufferedPageRange();
    for (let index = start; index < start + count; index++) {
      this.pdf.switchToPage(index);
      // Writing in the bottom margin would otherwise make pdfkit open a new page.
      const bottom = this.pdf.page.margins.bottom;
      this.pdf.page.margins.bottom = 0;
      const footer = `${TITLES[this.doc.kind]} ${this.doc.number} · Page ${index - start + 1} of ${count}`;
      this.write(footer, LEFT, this.pdf.page.height - MARGIN + 15, WIDTH, { size: 8, color: GRAY, align: 'right' });
      this.pdf.page.margins.bottom = bottom;
    }
  }
}
