import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Skeleton, Table, TableBody, TableCell, type TableCellProps, TableHead, TableRow, type TableRowProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { RowAction } from './RowAction';

export interface Column<T> {
  /** The record field shown by default, and the header's catalog key `{resource}.columns.{source}`. */
  source: string;
  /** The cell's content; the field's value unless told. */
  render?(record: T): ReactNode;
  /** A column without a header text (e.g. an avatar). */
  noHeader?: boolean;
  /** Props of the header cell and of the cells (alignment, padding, width). */
  cellProps?: TableCellProps;
  /** What the cell shows while a page loads; a text line unless told. */
  skeleton?: ReactNode;
}

export interface ResourceTableProps<T extends { id: number }> {
  /**
   * Catalog prefix: `{resource}.title` names the table, `{resource}.columns.*` head the columns,
   * `{resource}.edit` / `delete` (with %{name}) label the row actions, `{resource}.empty` shows when nothing matched.
   */
  resource: string;
  /** Each row carries `data-{recordName}-id`. */
  recordName: string;
  columns: Column<T>[];
  records: T[];
  loading: boolean;
  /** The record's name in the action labels. */
  nameOf(record: T): string;
  onEdit?(record: T): void;
  /** Without it rows have no delete button. */
  onDelete?(record: T): void;
  /** Makes the rows pickable (click, Enter or Space), e.g. to load a record into a form above the table. */
  onRowClick?(record: T): void;
  /** The row shown as selected. */
  selectedId?: number;
  /** Extra props of a record's row (a tint, data attributes). */
  rowProps?(record: T): Partial<TableRowProps> & Record<`data-${string}`, string | number | undefined>;
}

const LOADING_ROWS = [0, 1, 2];

/** A row that acts as a button for mouse and keyboard. */
const pickable = (pick: () => void): Partial<TableRowProps> => ({
  tabIndex: 0,
  onClick: pick,
  onKeyDown: (event) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    pick();
  },
  style: { cursor: 'pointer' },
});

/** A list screen's table: the columns, an edit and a delete button per row, skeleton rows while loading. */
export function ResourceTable<T extends { id: number }>({
  resource,
  recordName,
  columns,
  records,
  loading,
  nameOf,
  onEdit,
  onDelete,
  onRowClick,
  selectedId,
  rowProps,
}: ResourceTableProps<T>) {
  const translate = useTranslate();
  const hasActions = Boolean(onEdit || onDelete);
  const columnCount = columns.length + (hasActions ? 1 : 0);
  return (
    <Table stickyHeader size="small" aria-label={translate(`${resource}.title`)}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.source} {...column.cellProps}>
              {!column.noHeader && translate(`${resource}.columns.${column.source}`)}
            </TableCell>
          ))}
          {hasActions && <TableCell align="center">{translate(`${resource}.columns.actions`)}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow
            key={record.id}
            hover
            selected={selectedId === record.id}
            {...rowProps?.(record)}
            {...(onRowClick && pickable(() => onRowClick(record)))}
            {...{ [`data-${recordName}-id`]: record.id }}
          >
            {columns.map((column) => (
              <TableCell key={column.source} {...column.cellProps}>
                {column.render ? column.render(record) : String((record as Record<string, unknown>)[column.source] ?? '')}
              </TableCell>
            ))}
            {hasActions && (
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                {onEdit && (
                  <RowAction label={translate(`${resource}.edit`, { name: nameOf(record) })} onClick={() => onEdit(record)}>
                    <EditOutlined fontSize="small" />
                  </RowAction>
                )}
                {onDelete && (
                  <RowAction label={translate(`${resource}.delete`, { name: nameOf(record) })} onClick={() => onDelete(record)} color="error">
                    <DeleteOutlined fontSize="small" />
                  </RowAction>
                )}
              </TableCell>
            )}
          </TableRow>
        ))}
        {loading &&
          LOADING_ROWS.map((row) => (
            <TableRow key={`loading-${row}`}>
              {columns.map((column) => (
                <TableCell key={column.source} {...column.cellProps}>
                  {column.skeleton ?? <Skeleton />}
                </TableCell>
              ))}
              {hasActions && (
                <TableCell>
                  <Skeleton />
                </TableCell>
              )}
            </TableRow>
          ))}
        {!loading && records.length === 0 && (
          <TableRow>
            <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
              {translate(`${resource}.empty`)}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
