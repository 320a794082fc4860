// The part of fontkit (pdfkit's font engine, which has no types of its own) that pdf-fonts.ts uses.
declare module 'fontkit' {
  /** A parsed font: pdfkit lays text out with it and embeds the subset of it that each document uses. */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(data: Buffer): Font;
}
