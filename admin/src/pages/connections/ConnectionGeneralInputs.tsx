import { Box, TextField } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { SwitchInput } from '../../components/SwitchInput';
import { nameRules, requiredRule } from '../../validation';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'center' };

interface ConnectionGeneralInputsProps {
  providers: string[];
  /** Last characters of the current external-API token, when editing. */
  tokenHint?: string | null;
  isNew: boolean;
}

/** Name, default flag, provider and (when editing) the token hint. */
export function ConnectionGeneralInputs({ providers, tokenHint, isNew }: ConnectionGeneralInputsProps) {
  const translate = useTranslate();
  const choices = providers.map((provider) => ({ id: provider, name: `connections.providers.${provider}` }));
  return (
    <>
      <Box sx={grid}>
        <TextInput source="name" label="connections.form.name" validate={nameRules} autoFocus />
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
    </>
  );
}
