// A piece of SQL the events store composes into its statements.
/** SQL with knex `?` placeholders and their values, in order. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}
