import { PagedListPage } from '../../components/PagedListPage';
import { useAccess } from '../../hooks/useAccess';
import { IntegrationDialog } from './IntegrationDialog';
import { INTEGRATION_COLUMNS } from './integrationColumns';
import type { QueueIntegration } from './types';

/** `company-{id}-queueIntegration`: `{ action: 'create' | 'update', queueIntegration }` / `{ action: 'delete', integrationId }`. */
const LIVE = { topic: 'queueIntegration', idKey: 'integrationId' };
const nameOf = (integration: QueueIntegration) => integration.name;

/** /queue-integration: searchable, infinitely scrolled, live-updated list of the company's queue integrations. */
export function QueueIntegrationList() {
  // Everyone may read the list; admins manage it (and only they receive the Dialogflow credentials).
  const manage = useAccess()?.ability.can('manage', 'QueueIntegration') ?? false;
  return (
    <PagedListPage<QueueIntegration>
      resource="queueIntegrations"
      path="/queueIntegration"
      recordsKey="queueIntegrations"
      live={LIVE}
      recordName="queue-integration"
      columns={INTEGRATION_COLUMNS}
      nameOf={nameOf}
      canEdit={manage}
      canDelete={manage}
      renderDialog={({ record, onClose, onSaved }) => <IntegrationDialog record={record} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
