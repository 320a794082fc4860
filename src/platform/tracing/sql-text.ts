// A query's text as a span may show it: MikroORM writes every value into the SQL it sends (`where client_secret =
// 'bursar_c_…'`, an e-mail, a webhook payload), so each string literal becomes `?`. Identifiers, keywords, numbers,
// `$1` parameters and comments stay: the statement's shape is what a trace is read for.

/** `sql` with every string literal (`'…'`, `E'…'`, `$tag$…$tag$`) replaced by `?`; an unterminated one to the end. */
export function withoutLiterals(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    const next = sql[i + 1];
    if (char === '"') {
      const end = closing(sql, i + 1, '"', false); // a quoted identifier, `""` inside
      out += sql.slice(i, end);
      i = end;
    } else if (char === "'" || ((char === 'E' || char === 'e') && next === "'" && !/[\w$]/.test(sql[i - 1] ?? ''))) {
      const start = char === "'" ? i + 1 : i + 2;
      i = closing(sql, start, "'", char !== "'"); // E'…' takes backslash escapes
      out += '?';
    } else if (char === '$' && /[A-Za-z_$]/.test(next ?? '') && !/[\w$]/.test(sql[i - 1] ?? '')) {
      const tag = /^\$[A-Za-z_]?\w*\$/.exec(sql.slice(i))?.[0];
      if (!tag) {
        out += char;
        i++;
        continue;
      }
      const end = sql.indexOf(tag, i + tag.length);
      i = end < 0 ? sql.length : end + tag.length;
      out += '?';
    } else if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      out += sql.slice(i, end < 0 ? sql.length : end);
      i = end < 0 ? sql.length : end;
    } else if (char === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      out += sql.slice(i, end < 0 ? sql.length : end + 2);
      i = end < 0 ? sql.length : end + 2;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

/** The index just past the quote that closes what starts at `from` (a doubled quote is one inside it). */
function closing(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  for (let i = from; i < sql.length; i++) {
    if (backslashEscapes && sql[i] === '\\') i++;
    else if (sql[i] === quote) {
      if (sql[i + 1] !== quote) return i + 1;
      i++;
    }
  }
  return sql.length;
}
