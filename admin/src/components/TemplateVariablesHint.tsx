import { Alert, Box } from '@mui/material';
import { useTranslate } from 'react-admin';

export const TEMPLATE_VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'hora'] as const;

/** The variables the messages may use, each with what it becomes. */
export function TemplateVariablesHint() {
  const translate = useTranslate();
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
      {translate('connections.form.variablesHint')}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {TEMPLATE_VARIABLES.map((variable) => (
          <li key={variable}>
            <Box component="code" sx={{ fontWeight: 600 }}>{`{{${variable}}}`}</Box> — {translate(`connections.variables.${variable}`)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
