// The typefaces documents are set in, from npm packages: DejaVu Sans for Latin, Greek and Cyrillic text, and Noto Sans
// JP for Chinese and Japanese characters, which DejaVu lacks. pdfkit embeds only the glyphs a document uses.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';

export type Weight = 'regular' | 'bold';

const dejavu = (file: string) => join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', file);
const notoJp = (file: string) => join(dirname(require.resolve('@embedpdf/fonts-jp')), '..', 'fonts', file);

const FILES = {
  regular: () => dejavu('DejaVuSans.ttf'),
  bold: () => dejavu('DejaVuSans-Bold.ttf'),
  'cjk-regular': () => notoJp('NotoSansJP-Regular.otf'),
  'cjk-bold': () => notoJp('NotoSansJP-Bold.otf'),
} as const;

export type FontName = keyof typeof FILES;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The font a piece of text is set in: the CJK face when it holds Chinese or Japanese characters (it has Latin too). */
export function fontFor(text: string, weight: Weight): FontName {
  return CJK.test(text) ? `cjk-${weight}` : weight;
}

const loaded = new Map<FontName, Buffer>();

/** The font file's bytes, read once per process (the CJK faces weigh several megabytes). */
export function fontData(name: FontName): Buffer {
  let data = loaded.get(name);
  if (!data) loaded.set(name, (data = readFileSync(FILES[name]())));
  return data;
}

const faces = new Map<FontName, Font>();

/**
 * The font parsed, once per process: pdfkit would parse the file again for every document (its layout tables above
 * all: most of a render's time), while a parsed font serves any number of documents, each embedding its own subset.
 */
export function fontFace(name: FontName): Font {
  let face = faces.get(name);
  if (!face) faces.set(name, (face = create(fontData(name))));
  return face;
}
