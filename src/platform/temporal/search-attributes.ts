// Search attributes by name (IDs only, never names or e-mails) as the typed pairs the Temporal client takes.
import type { SearchAttributePair } from '@temporalio/common';
import { SEARCH_ATTRIBUTES, type SearchAttributeName } from '../../../temporal.config';

export type SearchAttributeValues = Partial<Record<SearchAttributeName, string>>;

export function searchAttributePairs(values: SearchAttributeValues): SearchAttributePair[] {
  return Object.entries(values).map(
    ([name, value]) => ({ key: SEARCH_ATTRIBUTES[name as SearchAttributeName], value }) as SearchAttributePair,
  );
}
