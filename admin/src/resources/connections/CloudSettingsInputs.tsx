import { Box, TextField, Typography } from '@mui/material';
import { CloudConnectionTest } from './CloudConnectionTest';
import { TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { requiredRule } from '../../validation';
import type { ConnectionFormValues } from './types';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start' };
const digits = (value: string) => (value && !/^\d{5,30}$/.test(value.trim()) ? 'ra.validation.number' : undefined);

/**
 * The settings of a WhatsApp Cloud API connection (shown when that type is chosen): the ids and secrets from Meta's
 * app dashboard and, once saved, the webhook URL and verify token to paste there. Secrets are never shown back.
 */
export function CloudSettingsInputs({ isNew, connectionId }: { isNew: boolean; connectionId?: number }) {
  const translate = useTranslate();
  const provider = useWatch<ConnectionFormValues, 'provider'>({ name: 'provider' });
  const record = useRecordContext<ConnectionFormValues>();
  if (provider !== 'cloud') return null;
  const stored = isNew ? null : (record?.cloudSaved ?? null);
  const keep = stored !== null;
  return (
    <Box data-testid="cloud-settings" sx={{ mt: 1 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('connections.form.cloud.title')}
      </Typography>
      <Box sx={grid}>
        <TextInput source="cloud.phoneNumberId" label="connections.form.cloud.phoneNumberId" validate={[...requiredRule, digits]} autoComplete="off" />
        <TextInput source="cloud.businessAccountId" label="connections.form.cloud.businessAccountId" validate={[...requiredRule, digits]} autoComplete="off" />
        <TextInput
          source="cloud.accessToken"
          label="connections.form.cloud.accessToken"
          type="password"
          autoComplete="new-password"
          validate={keep ? undefined : requiredRule}
          helperText={keep ? translate('connections.form.cloud.accessTokenKept', { hint: stored?.accessTokenHint ?? '' }) : false}
        />
        <TextInput
          source="cloud.appSecret"
          label="connections.form.cloud.appSecret"
          type="password"
          autoComplete="new-password"
          validate={keep ? undefined : requiredRule}
          helperText={keep ? translate('connections.form.cloud.appSecretKept') : false}
        />
      </Box>
      {stored && (
        <Box sx={grid}>
          <TextField
            label={translate('connections.form.cloud.webhookUrl')}
            value={`${window.location.origin}${stored.webhookPath}`}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'cloud-webhook-url' } }}
            size="small"
            fullWidth
            margin="dense"
          />
          <TextField
            label={translate('connections.form.cloud.verifyToken')}
            value={stored.verifyToken ?? ''}
            helperText={translate('connections.form.cloud.webhookHelp')}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'cloud-verify-token' } }}
            size="small"
            fullWidth
            margin="dense"
          />
        </Box>
      )}
      {stored && connectionId !== undefined && <CloudConnectionTest connectionId={connectionId} />}
    </Box>
  );
}
