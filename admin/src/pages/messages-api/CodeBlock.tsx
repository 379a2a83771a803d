import { Box } from '@mui/material';

/** A preformatted example (request, headers or body). */
export function CodeBlock({ children, label }: { children: string; label?: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      sx={{
        m: 0,
        mb: 1.5,
        p: 1.5,
        borderRadius: 1,
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'grey.900' : 'grey.100'),
        border: 1,
        borderColor: 'divider',
        fontFamily: 'monospace',
        fontSize: 13,
        overflowX: 'auto',
        whiteSpace: 'pre',
      }}
    >
      {children}
    </Box>
  );
}
