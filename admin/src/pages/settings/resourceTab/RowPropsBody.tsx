import type { TableRowProps } from '@mui/material';
import { createContext, forwardRef, useContext } from 'react';
import { DataTableBody, type DataTableBodyProps, DataTableRow, type DataTableRowProps, type RaRecord, useRecordContext } from 'react-admin';

/** Extra props of a table row from its record: data attributes for tests and styling, selection, a tint. */
export type RowProps<T extends RaRecord = RaRecord> = (record: T) => Partial<TableRowProps> & Record<`data-${string}`, string | number | undefined>;

/** The row props of the DataTable below; a context, so the body and row components stay the same between renders. */
export const RowPropsContext = createContext<RowProps | undefined>(undefined);

const PropsRow = forwardRef<HTMLTableRowElement, DataTableRowProps>(function PropsRow(props, ref) {
  const record = useRecordContext();
  const rowProps = useContext(RowPropsContext);
  return <DataTableRow ref={ref} {...props} {...(record && rowProps ? rowProps(record) : {})} />;
});

/** A DataTable `body` whose rows carry the props RowPropsContext gives (DataTable itself only styles rows). */
export function RowPropsBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={PropsRow} />;
}
