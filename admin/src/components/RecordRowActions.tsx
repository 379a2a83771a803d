import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { EditButton, useCanAccess, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { RowDeleteButton } from './RowDeleteButton';

interface RecordRowActionsProps {
  /**
   * Catalog prefix: `edit` and `delete` (%{name}) label the buttons, `deleteTitle` (%{name}) and `deleteMessage`
   * word the confirmation, `deleted` is the toast.
   */
  catalog: string;
  /** The record's name in the labels and the confirmation. */
  name: string;
  /** A confirmation that says more than `deleteMessage`. */
  deleteContent?: ReactNode;
}

/**
 * A row's edit link (the `{list}/{id}` dialog route) and delete button (asks first, then toasts), each shown only
 * when the rule table lets the user change this record (react-admin's canAccess).
 */
export function RecordRowActions({ catalog, name, deleteContent }: RecordRowActionsProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  // EditButton asks canAccess itself; the delete button does not.
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource, record });
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <EditButton label="" aria-label={translate(`${catalog}.edit`, { name })} />
      {canDelete && <RowDeleteButton catalog={catalog} name={name} confirmContent={deleteContent} />}
    </Box>
  );
}
