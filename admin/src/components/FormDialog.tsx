import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, useTranslate } from 'react-admin';
import type { SubmitAnswer } from '../hooks/useRecordForm';
import { SCROLLING_FORM } from './dialogForm';
import { SubmitButton } from './SubmitButton';

interface FormDialogProps {
  /**
   * Catalog prefix of the dialog's texts: `{resource}.form.addTitle` / `editTitle` for the title and
   * `{resource}.form.add` / `save` for the submit button.
   */
  resource: string;
  /** A title (already translated) other than the resource's add/edit title. */
  title?: string;
  isNew: boolean;
  /** The form's initial values; a spinner shows until they are known. */
  values: object | undefined;
  onSubmit(form: Record<string, unknown>): Promise<SubmitAnswer>;
  onClose(): void;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** Keep the title and the buttons in view while a long form scrolls. */
  scrolling?: boolean;
  /** Leave validation to the form's rules instead of the browser's. */
  noValidate?: boolean;
  /** The fields. */
  children: ReactNode;
}

/** An add-or-edit dialog around a react-admin Form: title, fields, Cancel and Add/Save. */
export function FormDialog({ resource, title, isNew, values, onSubmit, onClose, maxWidth = 'sm', scrolling = false, noValidate, children }: FormDialogProps) {
  const translate = useTranslate();
  const titleId = `${resource}-dialog-title`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth} sx={scrolling ? SCROLLING_FORM : undefined} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title ?? translate(`${resource}.form.${isNew ? 'addTitle' : 'editTitle'}`)}</DialogTitle>
      {values ? (
        <Form record={values} onSubmit={onSubmit} noValidate={noValidate}>
          <DialogContent dividers>{children}</DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
            <SubmitButton label={`${resource}.form.${isNew ? 'add' : 'save'}`} fullWidth={false} />
          </DialogActions>
        </Form>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      )}
    </Dialog>
  );
}
