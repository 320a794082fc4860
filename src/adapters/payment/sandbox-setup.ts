// The sandbox's SetupIntents: a test card set up for later charges is saved at once, refused (the declining cards),
// or waits for the customer to authenticate (the 3-D Secure cards). The sandbox has no challenge page: confirming the
// setup stands for the authentication the customer passed.
import { randomBytes, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PaymentDeclined, type SetupOutcome } from './payment-processor';
import { testCardFor } from './sandbox-cards';
import { saveSandboxPaymentMethod } from './save-sandbox-payment-method';

export async function sandboxSetup(
  orm: MikroORM,
  input: { customerId: string; confirmationToken: string; idempotencyKey: string },
): Promise<SetupOutcome> {
  const card = testCardFor(input.confirmationToken);
  if (card?.setupFails) throw new PaymentDeclined(card.chargeFails ?? 'card_declined', card.message);
  if (!card?.setupNeedsAction) {
    return { status: 'succeeded', method: await saveSandboxPaymentMethod(orm, input) };
  }
  const em = orm.em.fork();
  const id = `seti_sandbox_${randomUUID()}`;
  await em.execute(
    `insert into sandbox_processor_setup_intent (id, idempotency_key, customer_id, confirmation_token, client_secret)
     values (?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
    [
      id,
      input.idempotencyKey,
      input.customerId,
      input.confirmationToken,
      `${id}_secret_${randomBytes(12).toString('hex')}`,
    ],
  );
  const [row] = await em.execute<{ id: string; client_secret: string }[]>(
    'select id, client_secret from sandbox_processor_setup_intent where idempotency_key = ?',
    [input.idempotencyKey],
  );
  return { status: 'requires_action', setupIntentId: row.id, clientSecret: row.client_secret };
}

/** The setup's method once the customer authenticated (saved once, whatever the retries), or null. */
export async function sandboxConfirmSetup(
  orm: MikroORM,
  input: { customerId: string; setupIntentId: string },
): Promise<SetupOutcome | null> {
  const [row] = await orm.em
    .fork()
    .execute<{ confirmation_token: string }[]>(
      'select confirmation_token from sandbox_processor_setup_intent where id = ? and customer_id = ?',
      [input.setupIntentId, input.customerId],
    );
  if (!row) return null;
  const method = await saveSandboxPaymentMethod(orm, {
    customerId: input.customerId,
    confirmationToken: row.confirmation_token,
    idempotencyKey: `setup:${input.setupIntentId}`,
  });
  return { status: 'succeeded', method };
}
