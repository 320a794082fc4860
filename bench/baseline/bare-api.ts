// The bare engine's API process: Koa with the same Temporal client and a pg pool, doing each flow's shape with no
// business work. `node --require tsx/cjs bench/baseline/bare-api.ts` with PORT, DATABASE_URL, TEMPORAL_ADDRESS and
// TEMPORAL_NAMESPACE.
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { Router } from '@koa/router';
import Koa, { type Context } from 'koa';
import { pool } from './bare-activities';
import { LIST_PAGE_SQL } from './list-page-sql';

async function bodyOf(ctx: Context): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function main(): Promise<void> {
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS });
  const temporal = new Client({ connection, namespace: process.env.TEMPORAL_NAMESPACE });
  const router = new Router();
  // Purchase: start a workflow, send it an Update that writes the order (a local activity), answer.
  router.post('/purchases', async (ctx) => {
    const { amount } = await bodyOf(ctx);
    const id = randomUUID();
    const handle = await temporal.workflow.start('barePurchase', {
      taskQueue: 'bare',
      workflowId: `bare-${id}`,
      args: [id],
    });
    ctx.status = 201;
    ctx.body = { id: await handle.executeUpdate('pay', { args: [amount] }) };
  });
  router.get('/select-1', async (ctx) => {
    ctx.body = (await pool.query('select 1 as one')).rows[0];
  });
  // A list page as JSON built by PostgreSQL in one statement, answered as it comes.
  router.get('/pages/:name', async (ctx) => {
    ctx.type = 'json';
    ctx.body = (await pool.query(LIST_PAGE_SQL[ctx.params.name], [ctx.query.organization_id])).rows[0].page;
  });
  // License-key validate: parse the JSON body, answer JSON.
  router.post('/validate', async (ctx) => {
    const { key } = await bodyOf(ctx);
    ctx.body = { key, status: 'granted' };
  });
  // Usage ingest: the batch's rows in one multi-row INSERT.
  router.post('/events/ingest', async (ctx) => {
    const { organization_id: organizationId, events } = await bodyOf(ctx);
    const now = new Date().toISOString();
    const rows = (events as any[]).map((e) => [
      randomUUID(),
      organizationId,
      e.customer_id ?? null,
      e.external_customer_id ?? null,
      e.name,
      JSON.stringify(e.metadata ?? {}),
      e.timestamp ?? now,
    ]);
    await pool.query(
      `insert into bare.usage_event (id, organization_id, customer_id, external_customer_id, name, metadata, timestamp)
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[])`,
      rows[0] ? rows[0].map((_, column) => rows.map((row) => row[column])) : [[], [], [], [], [], [], []],
    );
    ctx.body = { inserted: rows.length };
  });
  const server = new Koa().use(router.routes()).listen(Number(process.env.PORT), '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  console.log('bare api: listening');
  process.once('SIGTERM', async () => {
    server.close();
    await pool.end();
    await connection.close();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
