import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  onClose(): void;
  onConfirm(): void;
  /** Catalog keys of the buttons when "Cancelar" / "Ok" would not say what they do. */
  cancelLabel?: string;
  confirmLabel?: string;
  confirmColor?: 'error' | 'primary';
}

/** The generic confirmation: Cancel and Ok, unless the buttons are named for what they do. */
export function ConfirmDialog({ open, title, children, onClose, onConfirm, cancelLabel, confirmLabel, confirmColor = 'error' }: ConfirmDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(cancelLabel ?? 'common.cancel')}</Button>
        <Button
          variant="contained"
          color={confirmColor}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {translate(confirmLabel ?? 'common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
