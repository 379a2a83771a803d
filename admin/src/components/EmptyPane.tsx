import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface EmptyPaneProps {
  /** The round badge's icon; `size` is the badge's diameter in pixels. */
  icon: ReactNode;
  size: number;
  title?: string;
  text: string;
  /** Marks the pane for tests and styles (`data-no-ticket`, `data-no-chat`). */
  marker: string;
}

/** The placeholder of a two-pane page while nothing is open on the right (tickets, internal chat). */
export function EmptyPane({ icon, size, title, text, marker }: EmptyPaneProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
        p: 2,
      }}
      {...{ [marker]: '' }}
    >
      <Box
        aria-hidden
        sx={{
          width: size,
          height: size,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          opacity: 0.9,
        }}
      >
        {icon}
      </Box>
      {title && (
        <Typography variant="h5" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {text}
      </Typography>
    </Paper>
  );
}
