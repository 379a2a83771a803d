import { type Theme, useMediaQuery } from '@mui/material';
import { CreateButton, DataTable, InfiniteList, SearchInput, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { PageHeader } from '../../components/PageHeader';
import { RecordRowActions } from '../../components/RecordRowActions';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { IntegrationDialog } from './IntegrationDialog';
import { IntegrationTypeLabel } from './integrationTypes';
import type { QueueIntegration } from './types';

/** The spec's lists search 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const PAGE_SIZE = 20;

function IntegrationType() {
  const integration = useRecordContext<QueueIntegration>();
  return integration ? <IntegrationTypeLabel type={integration.type} /> : null;
}

/** Edit and delete, for those the rule table lets manage integrations (admins, who alone get the credentials). */
function IntegrationActions() {
  const integration = useRecordContext<QueueIntegration>();
  return integration ? <RecordRowActions catalog="queueIntegrations" name={integration.name} /> : null;
}

/**
 * /queue-integration: react-admin's infinite list of the company's queue integrations, searched with debounce and
 * live through the `queueIntegration` topic, with the add and edit dialogs on /queue-integration/create and
 * /queue-integration/{id}. Everyone reads; admins manage.
 */
export function QueueIntegrationList() {
  const translate = useTranslate();
  // Phones keep the type, the name and the actions; the id needs the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('queue-integration', 'queueIntegration');
  const { creating, editId } = useDialogRoute('/queue-integration');
  return (
    <>
      <PageHeader title="queueIntegrations.title" />
      <InfiniteList<QueueIntegration>
        resource="queue-integration"
        title="queueIntegrations.title"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={PAGE_SIZE}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('queueIntegrations.search')} />]}
        debounce={SEARCH_DEBOUNCE_MS}
        // The dialogs are routes of their own; the list keeps its search in memory.
        disableSyncWithLocation
        actions={
          <TopToolbar>
            <CreateButton label="queueIntegrations.add" variant="contained" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<QueueIntegration> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="queueIntegrations.empty" />}>
          {wide && <DataTable.Col source="id" label="queueIntegrations.columns.id" align="center" />}
          <DataTable.Col source="type" label="queueIntegrations.columns.type" render={() => <IntegrationType />} />
          <DataTable.Col source="name" label="queueIntegrations.columns.name" />
          <DataTable.Col label="queueIntegrations.columns.actions" align="right" render={() => <IntegrationActions />} />
        </DataTable>
      </InfiniteList>
      {creating && <IntegrationDialog />}
      {editId !== undefined && <IntegrationDialog id={editId} />}
    </>
  );
}
