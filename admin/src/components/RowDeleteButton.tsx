import { DeleteWithConfirmButton, useNotify, useTranslate } from 'react-admin';

interface RowDeleteButtonProps {
  /** Catalog prefix: `delete` (%{name}) labels the button, `deleteTitle` (%{name}) and `deleteMessage` word the confirmation, `deleted` is the toast. */
  catalog: string;
  /** The record's name in the label and the confirmation. */
  name: string;
}

/** A table row's delete icon for the record in context: asks first, deletes pessimistically, then toasts. */
export function RowDeleteButton({ catalog, name }: RowDeleteButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <DeleteWithConfirmButton
      label=""
      aria-label={translate(`${catalog}.delete`, { name })}
      confirmTitle={`${catalog}.deleteTitle`}
      titleTranslateOptions={{ name }}
      confirmContent={`${catalog}.deleteMessage`}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess: () => notify(`${catalog}.deleted`, { type: 'success' }) }}
    />
  );
}
