import { PagedListPage } from '../../components/PagedListPage';
import { QuickMessageDialog } from './QuickMessageDialog';
import { QUICK_MESSAGE_COLUMNS } from './quickMessageColumns';
import type { QuickMessage } from './types';

/** `company-{id}-quickmessage`: `{ action: 'create' | 'update', record }` / `{ action: 'delete', id }`. */
const LIVE = { topic: 'quickmessage', recordKey: 'record', idKey: 'id' };
const nameOf = (record: QuickMessage) => record.shortcode;

/** /quick-messages: searchable, infinitely scrolled, live-updated list of the quick messages the user may use. */
export function QuickMessageList() {
  return (
    <PagedListPage<QuickMessage>
      resource="quickMessages"
      path="/quick-messages"
      recordsKey="records"
      live={LIVE}
      recordName="quick-message"
      columns={QUICK_MESSAGE_COLUMNS}
      nameOf={nameOf}
      renderDialog={({ record, onClose, onSaved }) => <QuickMessageDialog record={record} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
