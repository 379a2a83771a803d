import type { ReactNode } from 'react';
import { DeleteWithConfirmButton, useNotify, useTranslate } from 'react-admin';

interface RowDeleteButtonProps {
  /** Catalog prefix: `delete` (%{name}) labels the button, `deleteTitle` (%{name}) and `deleteMessage` word the confirmation, `deleted` is the toast. */
  catalog: string;
  /** The record's name in the label and the confirmation. */
  name: string;
  /** A confirmation that says more than `deleteMessage` (what else the deletion touches). */
  confirmContent?: ReactNode;
}

/** A table row's delete icon for the record in context: asks first, deletes pessimistically, then toasts. */
export function RowDeleteButton({ catalog, name, confirmContent }: RowDeleteButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <DeleteWithConfirmButton
      label=""
      aria-label={translate(`${catalog}.delete`, { name })}
      confirmTitle={`${catalog}.deleteTitle`}
      titleTranslateOptions={{ name }}
      confirmContent={confirmContent ?? `${catalog}.deleteMessage`}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess: () => notify(`${catalog}.deleted`, { type: 'success' }) }}
    />
  );
}
