export { OutboxService, type EventListener } from './outbox.service';
export type { Dispatcher, InlineDispatcher } from './dispatch-kind';
export { OUTBOX_KINDS, OutboxMessage } from './outbox.entity';
