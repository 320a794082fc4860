export { OutboxService, type Dispatcher, type WorkflowStart } from './outbox.service';
export { OUTBOX_KINDS, OutboxMessage } from './outbox.entity';
