import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Undo from '@mui/icons-material/Undo';
import { Box, Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TransferTicketDialog } from './TransferTicketDialog';
import type { Ticket } from './types';
import { useAgent } from './useAgent';
import type { TicketActions } from './useTicketActions';

/** Status buttons of the conversation header (core §4) plus transfer and, for admins, delete. */
export function TicketHeaderActions({ ticket, actions }: { ticket: Ticket; actions: TicketActions }) {
  const translate = useTranslate();
  const agent = useAgent();
  const [transferring, setTransferring] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const spinner = actions.busy ? <CircularProgress size={16} color="inherit" /> : undefined;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
      {ticket.status === 'pending' && (
        <Button variant="contained" color="success" size="small" disabled={actions.busy} startIcon={spinner} onClick={() => actions.accept(ticket)}>
          {translate('tickets.actions.accept')}
        </Button>
      )}
      {ticket.status === 'closed' && (
        <Button variant="contained" size="small" disabled={actions.busy} startIcon={spinner} onClick={() => actions.reopen(ticket)}>
          {translate('tickets.actions.reopen')}
        </Button>
      )}
      {ticket.status === 'open' && (
        <>
          <Tooltip title={translate('tickets.actions.return')}>
            <span>
              <IconButton aria-label={translate('tickets.actions.return')} disabled={actions.busy} onClick={() => actions.returnToQueue(ticket)}>
                <Undo />
              </IconButton>
            </span>
          </Tooltip>
          <Button variant="contained" size="small" disabled={actions.busy} startIcon={spinner} onClick={() => actions.finish(ticket)}>
            {translate('tickets.actions.finish')}
          </Button>
        </>
      )}
      {ticket.status !== 'closed' && (
        <Tooltip title={translate('tickets.actions.transfer')}>
          <span>
            <IconButton aria-label={translate('tickets.actions.transfer')} disabled={actions.busy} onClick={() => setTransferring(true)}>
              <SwapHoriz />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {agent?.canDeleteTicket && (
        <Tooltip title={translate('tickets.actions.delete')}>
          <span>
            <IconButton aria-label={translate('tickets.actions.delete')} color="error" disabled={actions.busy} onClick={() => setDeleting(true)}>
              <DeleteOutlined />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {transferring && (
        <TransferTicketDialog
          ticket={ticket}
          busy={actions.busy}
          onClose={() => setTransferring(false)}
          onTransfer={(target) => {
            setTransferring(false);
            void actions.transfer(ticket, target);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title={translate('tickets.deleteTitle', { name: ticket.contact?.name ?? '' })}
        onClose={() => setDeleting(false)}
        onConfirm={() => actions.remove(ticket)}
      >
        {translate('tickets.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
