// The bare engine's activities: the rows a flow writes, by plain SQL through one pool, and a plain HTTP POST.
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';

export const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

export const BARE_SCHEMA = `
  create schema if not exists bare;
  create table if not exists bare.order (id uuid primary key, reference text not null unique, amount int not null,
    created_at timestamptz not null default now());
  create table if not exists bare.order_item (id uuid primary key, order_id uuid not null references bare.order,
    amount int not null);
  create table if not exists bare.payment (id uuid primary key, order_id uuid not null references bare.order,
    amount int not null);
  create table if not exists bare.usage_event (id uuid primary key, organization_id uuid not null, customer_id uuid,
    external_customer_id text, name text not null, metadata jsonb not null, timestamp timestamptz not null);`;

/** One transaction: an order, one item and a payment row (a renewal writes the same). */
export async function insertOrder(reference: string, amount: number): Promise<void> {
  const client = await pool.connect();
  try {
    const id = randomUUID();
    await client.query('begin');
    await client.query('insert into bare.order (id, reference, amount) values ($1, $2, $3)', [id, reference, amount]);
    await client.query('insert into bare.order_item (id, order_id, amount) values ($1, $2, $3)', [
      randomUUID(),
      id,
      amount,
    ]);
    await client.query('insert into bare.payment (id, order_id, amount) values ($1, $2, $3)', [
      randomUUID(),
      id,
      amount,
    ]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export async function post(url: string, id: string, body: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id },
    body,
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the receiver answered ${response.status}`);
}
