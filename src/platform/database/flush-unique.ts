// Writes where a unique index settles races: the second of two concurrent requests for the same value (a slug, a
// code, a customer's e-mail) is refused by the index, and answers like a request arriving after the first one.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Flushes `em`; a unique index refusing the write becomes the error `duplicate()` makes (told which index refused). */
export async function flushUnique(
  em: EntityManager,
  duplicate: (refusal: UniqueConstraintViolationException) => Error,
): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    throw error instanceof UniqueConstraintViolationException ? duplicate(error) : error;
  }
}
