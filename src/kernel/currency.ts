// What a currency's amounts look like: how many decimals its minor unit has, and the smallest price it may carry.

/** Currencies whose minor unit is the unit itself (the card processor's zero-decimal list), lower-case ISO 4217. */
// prettier-ignore
const ZERO_DECIMAL = new Set([
  'bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf',
]);

/** Currencies whose minor unit is a thousandth (ISO 4217 exponent 3, the card processor's three-decimal list). */
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** How many decimals a currency's amounts have: 0 (JPY, KRW, …), 3 (BHD, JOD, KWD, OMR, TND) or 2. */
export function currencyDecimals(currency: string): number {
  const code = currency.toLowerCase();
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}

/** Smallest non-zero price in minor units of a currency not in the table below. */
export const DEFAULT_MIN_PRICE_AMOUNT = 50;

/**
 * The smallest non-zero price per currency, in major units, as the reference documents it for `price_amount` (the
 * 2026-10 models): roughly half a US dollar, so that a charge stays above the card processor's minimum.
 */
// prettier-ignore
const MIN_PRICE_MAJOR: Record<string, number> = {
  usd: 0.5, aed: 2, all: 50, amd: 200, aoa: 500, ars: 750, aud: 0.7, awg: 1, azn: 1, bam: 1, bbd: 2, bdt: 70,
  bif: 2000, bmd: 1, bnd: 1, bob: 5, brl: 2.5, bsd: 1, bwp: 10, bzd: 2, cad: 0.7, cdf: 2000, chf: 0.5, clp: 500,
  cny: 5, cop: 2000, crc: 300, cve: 50, czk: 15, djf: 100, dkk: 3.2, dop: 40, dzd: 70, egp: 30, etb: 80, eur: 0.5,
  fjd: 2, fkp: 1, gbp: 0.4, gel: 2, gnf: 5000, gip: 1, gmd: 40, gtq: 5, gyd: 200, hkd: 4, hnl: 20, htg: 70, huf: 175,
  idr: 9000, ils: 1.5, inr: 60, isk: 70, jmd: 80, jpy: 80, kes: 70, kgs: 50, khr: 3000, kmf: 500, krw: 800, kyd: 1,
  kzt: 300, lak: 20000, lkr: 200, lrd: 100, lsl: 10, mad: 5, mdl: 10, mga: 3000, mkd: 50, mnt: 2000, mop: 5, mur: 50,
  mvr: 8, mxn: 9, mwk: 1000, myr: 2, mzn: 50, nad: 10, ngn: 700, nio: 20, nok: 5, npr: 80, nzd: 0.9, pab: 1, pen: 2,
  pgk: 3, php: 35, pkr: 200, pln: 2, pyg: 4000, qar: 2, ron: 2.5, rsd: 60, rwf: 1000, sar: 2, sbd: 4, scr: 8, sek: 5,
  sgd: 0.7, shp: 1, sos: 500, srd: 20, szl: 10, thb: 20, tjs: 5, top: 2, try: 30, ttd: 4, twd: 20, tzs: 2000, uah: 30,
  ugx: 2000, uyu: 20, uzs: 7000, vnd: 20000, vuv: 100, wst: 2, xaf: 500, xcd: 2, xcg: 1, xof: 500, xpf: 100, yer: 200,
  zar: 9, zmw: 10,
};

/** The smallest non-zero price of a currency in its minor units: 50 for USD (0.50), 80 for JPY, 17 500 for HUF. */
export function minPriceAmount(currency: string): number {
  const code = currency.toLowerCase();
  const major = MIN_PRICE_MAJOR[code];
  return major === undefined ? DEFAULT_MIN_PRICE_AMOUNT : Math.round(major * 10 ** currencyDecimals(code));
}
