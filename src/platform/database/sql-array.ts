// Raw queries bind a JavaScript array as a comma-separated list (for `in (?)`); `= any(?::text[])` needs one
// PostgreSQL array literal instead.

/** The values as one PostgreSQL array literal, each element quoted. */
export const sqlArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
