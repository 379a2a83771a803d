import { IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

interface RowActionProps {
  label: string;
  onClick(): void;
  color?: 'error';
  children: ReactNode;
}

/** An icon button of a row, named by its tooltip. */
export function RowAction({ label, onClick, color, children }: RowActionProps) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" color={color} aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}
