// The `_llm` metadata of a usage event: a language-model call and its tokens, as sent and as read back.
import { z } from 'zod';

const tokens = z
  .int()
  .min(0)
  .max(2 ** 31 - 1);
/** `_llm`: a language-model call, its tokens countable by meters (`_llm.total_tokens`). */
export const LlmMetadata = z.strictObject({
  vendor: z.string().min(1).max(255),
  model: z.string().min(1).max(255),
  prompt: z.string().max(100_000).nullish(),
  response: z.string().max(100_000).nullish(),
  input_tokens: tokens,
  cached_input_tokens: tokens.optional(),
  output_tokens: tokens,
  total_tokens: tokens,
});
