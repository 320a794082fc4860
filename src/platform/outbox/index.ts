export { OutboxService, type Dispatcher } from './outbox.service';
export { OUTBOX_KINDS, OutboxMessage } from './outbox.entity';
