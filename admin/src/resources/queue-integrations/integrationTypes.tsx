import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Webhook from '@mui/icons-material/Webhook';
import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { IntegrationType } from './types';

const ICONS: Record<IntegrationType, SvgIconComponent> = {
  dialogflow: ForumOutlined,
  n8n: AccountTreeOutlined,
  webhook: Webhook,
  typebot: SmartToyOutlined,
};

/** The type's icon and label, as the table and the type select show it. */
export function IntegrationTypeLabel({ type }: { type: IntegrationType }) {
  const translate = useTranslate();
  const Icon = ICONS[type] ?? Webhook;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }} data-integration-type={type}>
      <Icon fontSize="small" color="primary" />
      <Typography component="span" variant="body2">
        {translate(`queueIntegrations.types.${type}`)}
      </Typography>
    </Box>
  );
}
