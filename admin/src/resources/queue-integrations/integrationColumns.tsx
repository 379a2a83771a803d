import type { Column } from '../../components/ResourceTable';
import { IntegrationTypeLabel } from './integrationTypes';
import type { QueueIntegration } from './types';

/** The integrations table: id, type (icon and label) and name. */
export const INTEGRATION_COLUMNS: Column<QueueIntegration>[] = [
  { source: 'id', cellProps: { align: 'center', sx: { width: 72 } } },
  { source: 'type', cellProps: { sx: { width: 180 } }, render: (integration) => <IntegrationTypeLabel type={integration.type} /> },
  { source: 'name' },
];
