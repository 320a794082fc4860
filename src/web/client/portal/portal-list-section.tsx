// A portal section that lists things: its heading, then the items — or the loading line, the failure with a retry, or
// a sentence when there are none.
import type { ComponentChildren } from 'preact';
import type { Translate } from '../shared/ui';
import { Pending, type Loaded } from './use-load';

export function ListSection<T>(props: {
  t: Translate;
  /** The section's id; its heading is `<id>-heading`, which the list may name as its label. */
  id: string;
  heading: string;
  empty: string;
  items: T[] | null | undefined;
  loaded: Pick<Loaded<unknown>, 'error' | 'reload'>;
  children: (items: T[]) => ComponentChildren;
}) {
  const { items } = props;
  return (
    <section class="card" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.heading}</h2>
      {!items && <Pending t={props.t} error={props.loaded.error} retry={props.loaded.reload} />}
      {items?.length === 0 && <p class="muted">{props.empty}</p>}
      {items && items.length > 0 && props.children(items)}
    </section>
  );
}
