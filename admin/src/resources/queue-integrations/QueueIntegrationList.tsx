import { SearchableResourceList } from '../../components/SearchableResourceList';
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, useRecordContext } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { RecordRowActions } from '../../components/RecordRowActions';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { IntegrationDialog } from './IntegrationDialog';
import { IntegrationTypeLabel } from './integrationTypes';
import type { QueueIntegration } from './types';

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
  // Phones keep the type, the name and the actions; the id needs the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('queue-integration', 'queueIntegration');
  const { creating, editId } = useDialogRoute('/queue-integration');
  return (
    <>
      <SearchableResourceList resource="queue-integration" catalog="queueIntegrations" sort={{ field: 'name', order: 'ASC' }}>
        <DataTable<QueueIntegration> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="queueIntegrations.empty" />}>
          {wide && <DataTable.Col source="id" label="queueIntegrations.columns.id" align="center" />}
          <DataTable.Col source="type" label="queueIntegrations.columns.type" render={() => <IntegrationType />} />
          <DataTable.Col source="name" label="queueIntegrations.columns.name" />
          <DataTable.Col label="queueIntegrations.columns.actions" align="right" render={() => <IntegrationActions />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <IntegrationDialog />}
      {editId !== undefined && <IntegrationDialog id={editId} />}
    </>
  );
}
