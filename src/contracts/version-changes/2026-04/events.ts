// Events between legacy and 2026-04: Bursar's `_signal` marker, an object the 0.x clients' metadata cannot hold
// (they take scalars, and the reference's `_cost`/`_llm` objects only), is shown there as its JSON text.
import type { Json, SchemaChange } from '../../version-change';

export const EVENT_CHANGES: Record<string, SchemaChange> = {
  UserEvent: {
    restore(event) {
      const metadata = event.metadata as Json;
      if (metadata._signal && typeof metadata._signal === 'object') metadata._signal = JSON.stringify(metadata._signal);
    },
  },
};
