import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';

type CloseReason = 'escapeKeyDown' | 'backdropClick';

export interface DiscardGuard {
  /** The MUI Dialog's `onClose`: Escape or a backdrop click on a changed form asks first; anything else closes. */
  onDialogClose(event: object, reason?: CloseReason): void;
  /** Tells the guard whether the form holds unsaved changes. */
  setDirty(dirty: boolean): void;
  /** The confirmation, rendered next to the guarded dialog. */
  confirmation: ReactNode;
}

/**
 * Escape and a backdrop click are easy to hit by accident: on a form with unsaved changes they ask before discarding
 * them. The dialog's own Cancel button still closes at once.
 */
export function useDiscardGuard(close: () => void): DiscardGuard {
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  return {
    setDirty,
    onDialogClose: (_event, reason) => {
      if (dirty && (reason === 'escapeKeyDown' || reason === 'backdropClick')) setAsking(true);
      else close();
    },
    confirmation: (
      <DiscardChangesDialog
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          close();
        }}
      />
    ),
  };
}

/** Inside a react-admin/react-hook-form form: reports its dirty state to the guard. */
export function ReportFormDirty({ onChange }: { onChange(dirty: boolean): void }) {
  const { isDirty } = useFormState();
  useEffect(() => onChange(isDirty), [isDirty, onChange]);
  return null;
}

function DiscardChangesDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep(): void; onDiscard(): void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby="discard-changes-title" data-discard-changes>
      <DialogTitle id="discard-changes-title">{translate('unsavedChanges.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('unsavedChanges.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          {translate('unsavedChanges.keep')}
        </Button>
        <Button variant="contained" color="error" onClick={onDiscard}>
          {translate('unsavedChanges.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
