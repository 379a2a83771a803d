import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, FormHelperText, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CampaignVariable } from '../../../../src/shared/campaigns';

interface VariablesSectionProps {
  variables: CampaignVariable[];
  error?: string;
  onRemove(key: string): void;
  onOpenAdd(): void;
}

/** The campaign variables: `{key}` in a campaign message becomes the value. */
export function VariablesSection({ variables, error, onRemove, onOpenAdd }: VariablesSectionProps) {
  const translate = useTranslate();
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {translate('campaignsConfig.variables.help')}
        </Typography>
        <Button variant="outlined" size="small" startIcon={<Add />} onClick={onOpenAdd}>
          {translate('campaignsConfig.variables.add')}
        </Button>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('campaignsConfig.variables.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('campaignsConfig.variables.key')}</TableCell>
              <TableCell>{translate('campaignsConfig.variables.value')}</TableCell>
              <TableCell align="right">{translate('campaignsConfig.variables.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {variables.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>
                  <Typography variant="body2" color="text.secondary">
                    {translate('campaignsConfig.variables.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {variables.map((variable) => (
              <TableRow key={variable.key} data-variable-key={variable.key}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{`{${variable.key}}`}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{variable.value}</TableCell>
                <TableCell align="right">
                  <Tooltip title={translate('campaignsConfig.variables.remove', { key: variable.key })}>
                    <IconButton
                      size="small"
                      aria-label={translate('campaignsConfig.variables.remove', { key: variable.key })}
                      onClick={() => onRemove(variable.key)}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {error && <FormHelperText error>{translate(error)}</FormHelperText>}
    </Box>
  );
}
