import { Box, Chip, CircularProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { CampaignShippingResponse } from '../../../../src/shared/campaign-api-types';
import type { ShippingStatus } from '../../../../src/shared/campaigns';
import { useNearEnd } from '../../hooks/useNearEnd';
import { errorKey } from '../../i18n';
import { formatDateTime } from '../../resources/campaigns/campaignForm';

const STATUS_COLORS: Record<ShippingStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  pending: 'default',
  sending: 'info',
  awaiting: 'warning',
  delivered: 'success',
  failed: 'error',
  skipped: 'default',
};

const DATES = ['confirmationRequestedAt', 'confirmedAt', 'deliveredAt'] as const;

interface ShippingTableProps {
  shippings: CampaignShippingResponse[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): unknown;
}

/** The texts the person got: the confirmation request (when asked) and the message itself, in full on hover. */
function ReceivedText({ shipping }: { shipping: CampaignShippingResponse }) {
  const translate = useTranslate();
  const parts = [shipping.confirmationBody && `${translate('campaignTools.confirmationPrefix')} ${shipping.confirmationBody}`, shipping.body].filter(Boolean);
  if (!parts.length) return <Typography color="text.secondary">—</Typography>;
  const text = parts.join('\n');
  return (
    <Typography
      variant="body2"
      title={text}
      sx={{ whiteSpace: 'pre-line', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
    >
      {text}
    </Typography>
  );
}

/** The shipping records (their error codes in the user's language), loading the next page within 100 px of the bottom of their scroll area. */
export function ShippingTable({ shippings, hasMore, loadingMore, onLoadMore }: ShippingTableProps) {
  const translate = useTranslate();
  const loadMore = useCallback(() => void onLoadMore(), [onLoadMore]);
  const { rootRef, sentinelRef } = useNearEnd<HTMLDivElement, HTMLDivElement>(loadMore, hasMore && !loadingMore);
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <TableContainer ref={rootRef} sx={{ maxHeight: { xs: '70vh', md: 'calc(100vh - 420px)' }, minHeight: 240 }}>
        <Table size="small" stickyHeader aria-label={translate('campaigns.reportPage.shippings')}>
          <TableHead>
            <TableRow>
              {['number', 'name', 'status', 'variant'].map((column) => (
                <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                  {translate(`campaigns.reportPage.columns.${column}`)}
                </TableCell>
              ))}
              <TableCell>{translate('campaignTools.receivedText')}</TableCell>
              {[...DATES, 'error'].map((column) => (
                <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                  {translate(`campaigns.reportPage.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shippings.map((shipping) => (
              <TableRow key={shipping.id} data-shipping-status={shipping.status}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{shipping.number}</TableCell>
                <TableCell>{shipping.name}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLORS[shipping.status]} label={translate(`campaigns.shippingStatus.${shipping.status}`)} />
                </TableCell>
                <TableCell align="center">{shipping.variant ?? '—'}</TableCell>
                <TableCell sx={{ minWidth: 220, maxWidth: 360 }} data-received-text>
                  <ReceivedText shipping={shipping} />
                </TableCell>
                {DATES.map((field) => (
                  <TableCell key={field} sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(shipping[field]) || '—'}
                  </TableCell>
                ))}
                <TableCell sx={{ color: 'error.main', maxWidth: 280 }}>
                  {shipping.error ? translate(errorKey(shipping.error) ?? shipping.error, { _: shipping.error }) : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {shippings.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {translate('campaigns.reportPage.empty')}
          </Typography>
        )}
        <Box ref={sentinelRef} sx={{ display: 'flex', justifyContent: 'center', minHeight: 1, py: loadingMore ? 1 : 0 }}>
          {loadingMore && <CircularProgress size={20} />}
        </Box>
      </TableContainer>
    </Paper>
  );
}
