// A CSV file streamed to the client as its rows are read: the rows come from an async iterable that is pulled only
// as fast as the client reads (backpressure), so an export never sits in memory whole.
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { Download } from './route';
import { logger } from '../logging/logger';

export type CsvCell = string | number | boolean | null | undefined;

/** A cell a spreadsheet would run as a formula (a name starting with `=`) is written as text. */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** `rows` written under a header of `columns` (only those keys of each row, in that order). */
export function csvDownload<C extends string>(
  filename: string,
  columns: readonly C[],
  rows: AsyncIterable<Record<C, CsvCell>>,
): Download {
  const csv = stringify({
    header: true,
    columns: [...columns],
    cast: { string: asText, boolean: (value) => String(value) },
  });
  // A failing page read ends the response (the download is cut short) instead of going unhandled.
  pipeline(Readable.from(rows), csv, (error) => error && logger().error({ err: error, filename }, 'export failed'));
  return new Download('text/csv; charset=utf-8', filename, csv);
}

/** The columns a request chose (`columns`), in the file's own order; all of them when it chose none. */
export function chosenColumns<C extends string>(all: readonly C[], chosen: readonly C[] | undefined): C[] {
  return chosen?.length ? all.filter((column) => chosen.includes(column)) : [...all];
}
