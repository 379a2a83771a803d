import { SearchableResourceList } from '../../components/SearchableResourceList';
import { DataTable, useRecordContext } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { RecordRowActions } from '../../components/RecordRowActions';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { QuickMessageDialog } from './QuickMessageDialog';
import { QuickMessageAttachmentName, QuickMessageShortcode } from './QuickMessageFields';
import type { QuickMessage } from './types';

/** Edit and delete, shown only for the messages the user may change (own ones; admins: all). */
function QuickMessageActions() {
  const record = useRecordContext<QuickMessage>();
  return record ? <RecordRowActions catalog="quickMessages" name={record.shortcode} /> : null;
}

/**
 * /quick-messages: react-admin's infinite list of the quick messages the user may use (their own and the shared
 * ones; admins all), searched with debounce and live through the `quickmessage` topic, with the add and edit
 * dialogs on /quick-messages/create and /quick-messages/{id}.
 */
export function QuickMessageList() {
  useLiveResource('quick-messages', 'quickmessage');
  const { creating, editId } = useDialogRoute('/quick-messages');
  return (
    <>
      <SearchableResourceList resource="quick-messages" catalog="quickMessages" sort={{ field: 'shortcode', order: 'ASC' }}>
        <DataTable<QuickMessage> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="quickMessages.empty" />}>
          <DataTable.Col source="shortcode" label="quickMessages.columns.shortcode" render={() => <QuickMessageShortcode />} />
          <DataTable.Col source="mediaName" label="quickMessages.columns.mediaName" disableSort render={() => <QuickMessageAttachmentName />} />
          <DataTable.Col label="quickMessages.columns.actions" align="right" render={() => <QuickMessageActions />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <QuickMessageDialog />}
      {editId !== undefined && <QuickMessageDialog id={editId} />}
    </>
  );
}
