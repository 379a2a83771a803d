import { Box, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { SwitchInput } from '../../components/SwitchInput';
import { useAppDataProvider } from '../../providers/dataProvider';
import { nameRules, requiredRule } from '../../validation';
import { CloudSettingsInputs } from './CloudSettingsInputs';
import type { ConnectionFormValues } from './types';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'center' };

/** Until the server says otherwise, the QR-code provider is the one a connection can have. */
const FALLBACK_PROVIDERS = ['beta'];

/** Name, default flag, provider and (when editing) the token hint. */
export function ConnectionGeneralInputs({ isNew, connectionId }: { isNew: boolean; connectionId?: number }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  // The form's starting values: the record being edited keeps its provider even where the server no longer offers it.
  const initial = useRecordContext<ConnectionFormValues>();
  const offered = useQuery({ queryKey: ['connectionProviders'], queryFn: () => dataProvider.connectionProviders(), staleTime: Infinity }).data;
  const providers = offered?.length ? offered : FALLBACK_PROVIDERS;
  const all = initial?.provider && !providers.includes(initial.provider) ? [...providers, initial.provider] : providers;
  const choices = all.map((provider) => ({ id: provider, name: `connections.providers.${provider}` }));
  const tokenHint = initial?.tokenHint;
  return (
    <>
      <Box sx={grid}>
        <TextInput source="name" label="connections.form.name" validate={nameRules} autoFocus autoComplete="off" />
        <SwitchInput source="isDefault" label="connections.form.default" />
      </Box>
      <Box sx={grid}>
        <SelectInput
          source="provider"
          label="connections.form.provider"
          choices={choices}
          optionText={(choice) => translate(choice.name, { _: choice.id })}
          translateChoice={false}
          validate={requiredRule}
        />
        {!isNew && (
          <TextField
            label={translate('connections.form.token')}
            value={tokenHint ? `••••••${tokenHint}` : translate('connections.form.noToken')}
            helperText={translate('connections.form.tokenHelp')}
            slotProps={{ htmlInput: { readOnly: true } }}
            size="small"
            fullWidth
          />
        )}
      </Box>
      <CloudSettingsInputs isNew={isNew} connectionId={connectionId} />
    </>
  );
}
