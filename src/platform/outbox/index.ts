export { OutboxService } from './outbox.service';
export type { Dispatcher } from './dispatch-kind';
export { OUTBOX_KINDS, OutboxMessage } from './outbox.entity';
