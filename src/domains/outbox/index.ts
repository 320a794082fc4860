export { OutboxService, type WorkflowStart } from './outbox.service';
export { OutboxMessage } from './outbox.entity';
