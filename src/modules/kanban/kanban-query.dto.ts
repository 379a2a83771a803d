import { IdListField } from '../tickets/dto/list-tickets.query.js';

export class KanbanQueryDto {
  /** The user's queues to show (the browser sends its own); a user never sees beyond their queues. */
  @IdListField('queueIds')
  queueIds?: number[];
}
