// Drawing on A4 pages with pdfkit: the page geometry, text written and measured in a style (fonts registered as
// used), rules, and a new page when the next block does not fit.
import { fontFace, fontFor, type FontName, type Weight } from './pdf-fonts';

export const MARGIN = 50;
export const LEFT = MARGIN;
export const WIDTH = 595.28 - 2 * MARGIN; // A4
export const AMOUNT_WIDTH = 120;
export const AMOUNT_X = LEFT + WIDTH - AMOUNT_WIDTH;
export const GRAY = '#666666';

export interface TextStyle {
  weight?: Weight;
  size?: number;
  color?: string;
  align?: 'left' | 'right';
}

/** A document's pages, written top to bottom from `y`. */
export class PdfPage {
  protected y = MARGIN;
  private readonly registered = new Set<FontName>();

  constructor(protected readonly pdf: PDFKit.PDFDocument) {}

  /** Starts a new page when `height` does not fit on this one; true when it did. */
  protected ensureSpace(height: number): boolean {
    if (this.y + height <= this.pdf.page.height - MARGIN) return false;
    this.pdf.addPage();
    this.y = MARGIN;
    return true;
  }

  protected rule(thickness: number, color: string, from = LEFT): void {
    this.pdf
      .moveTo(from, this.y)
      .lineTo(LEFT + WIDTH, this.y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke();
  }

  /** Writes text in a box `width` wide at (x, y); returns its height. */
  protected write(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    this.style(text, style)
      .fillColor(style.color ?? '#000000')
      .text(text, x, y, { width, align: style.align ?? 'left' });
    return this.pdf.y - y;
  }

  protected measure(text: string, width: number, style: TextStyle = {}): number {
    return this.style(text, style).heightOfString(text, { width });
  }

  private style(text: string, style: TextStyle): PDFKit.PDFDocument {
    const font = fontFor(text, style.weight ?? 'regular');
    if (!this.registered.has(font)) {
      // pdfkit takes a parsed fontkit font too (PDFFontFactory.open), though its types name only the file's bytes
      this.pdf.registerFont(font, fontFace(font) as unknown as Buffer);
      this.registered.add(font);
    }
    return this.pdf.font(font).fontSize(style.size ?? 10);
  }
}
