import { CreateButton, DataTable, InfiniteList, SearchInput, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { PageHeader } from '../../components/PageHeader';
import { RecordRowActions } from '../../components/RecordRowActions';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { QuickMessageDialog } from './QuickMessageDialog';
import { QuickMessageAttachmentName, QuickMessageShortcode } from './QuickMessageFields';
import type { QuickMessage } from './types';

/** The spec's lists search 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const PAGE_SIZE = 20;

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
  const translate = useTranslate();
  useLiveResource('quick-messages', 'quickmessage');
  const { creating, editId } = useDialogRoute('/quick-messages');
  return (
    <>
      <PageHeader title="quickMessages.title" />
      <InfiniteList<QuickMessage>
        resource="quick-messages"
        title="quickMessages.title"
        sort={{ field: 'shortcode', order: 'ASC' }}
        perPage={PAGE_SIZE}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('quickMessages.search')} />]}
        debounce={SEARCH_DEBOUNCE_MS}
        // The dialogs are routes of their own; the list keeps its search in memory.
        disableSyncWithLocation
        actions={
          <TopToolbar>
            <CreateButton label="quickMessages.add" variant="contained" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<QuickMessage> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="quickMessages.empty" />}>
          <DataTable.Col source="shortcode" label="quickMessages.columns.shortcode" render={() => <QuickMessageShortcode />} />
          <DataTable.Col source="mediaName" label="quickMessages.columns.mediaName" disableSort render={() => <QuickMessageAttachmentName />} />
          <DataTable.Col label="quickMessages.columns.actions" align="right" render={() => <QuickMessageActions />} />
        </DataTable>
      </InfiniteList>
      {creating && <QuickMessageDialog />}
      {editId !== undefined && <QuickMessageDialog id={editId} />}
    </>
  );
}
