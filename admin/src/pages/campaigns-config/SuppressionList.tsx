import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, IconButton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { validationErrors } from '../../components/formErrors';
import { useNotifyError } from '../../hooks/useNotifyError';
import { formatDateTime } from '../../resources/campaigns/campaignForm';
import { useAppDataProvider } from '../../providers/dataProvider';
import type { CampaignSuppressionResponse } from '../../../../src/shared/campaign-api-types';

const QUERY_KEY = ['campaign-suppressions'];

/** The numbers no campaign sends to: search by number, add one by hand, remove one, export them all as CSV. */
export function SuppressionList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const methods = useAppDataProvider();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CampaignSuppressionResponse | null>(null);
  const { data } = useQuery({ queryKey: [...QUERY_KEY, search], queryFn: () => methods.getSuppressions(search.trim(), 1) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const add = async () => {
    try {
      await methods.addSuppression(number.trim());
      setNumber('');
      setNumberError(null);
      notify('campaignTools.suppression.added', { type: 'success' });
      await refresh();
    } catch (error) {
      if (validationErrors(error)) setNumberError('campaignTools.suppression.numberInvalid');
      else notifyError(error);
    }
  };

  const remove = async (row: CampaignSuppressionResponse) => {
    try {
      await methods.removeSuppression(row.id);
      notify('campaignTools.suppression.removed', { type: 'success' });
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  const download = async () => {
    try {
      const csv = await methods.exportSuppressions();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'descadastrados.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notifyError(error);
    }
  };

  const rows = data?.records ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-suppression-list>
      <Typography variant="body2" color="text.secondary">
        {translate('campaignTools.suppression.help')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate('campaignTools.suppression.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: '1 1 200px' }}
        />
        <TextField
          size="small"
          label={translate('campaignTools.suppression.number')}
          value={number}
          onChange={(event) => {
            setNumber(event.target.value);
            setNumberError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void add();
          }}
          error={Boolean(numberError)}
          helperText={numberError ? translate(numberError) : undefined}
          sx={{ flex: '1 1 200px' }}
        />
        <Button variant="outlined" onClick={() => void add()} disabled={!number.trim()}>
          {translate('campaignTools.suppression.add')}
        </Button>
        <Button startIcon={<FileDownloadOutlined />} onClick={() => void download()}>
          {translate('campaignTools.suppression.export')}
        </Button>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('campaignTools.suppression.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('campaignTools.suppression.number')}</TableCell>
              <TableCell>{translate('campaignTools.suppression.keyword')}</TableCell>
              <TableCell>{translate('campaignTools.suppression.since')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-suppressed={row.number}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.number}</TableCell>
                <TableCell>{row.keyword === 'MANUAL' ? translate('campaignTools.suppression.manual') : row.keyword}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
                <TableCell align="right">
                  <IconButton size="small" aria-label={translate('campaignTools.suppression.remove', { number: row.number })} onClick={() => setRemoving(row)}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            {translate('campaignTools.suppression.empty')}
          </Typography>
        )}
        {data && data.count > rows.length && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ p: 1 }}>
            {translate('campaignTools.suppression.more', { shown: rows.length, smart_count: data.count })}
          </Typography>
        )}
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? translate('campaignTools.suppression.removeTitle', { number: removing.number }) : ''}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
        cancelLabel="campaignTools.back"
        confirmLabel="campaignTools.suppression.removeConfirm"
      >
        {translate('campaignTools.suppression.removeMessage')}
      </ConfirmDialog>
    </Box>
  );
}
