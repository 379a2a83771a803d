import { Box, LinearProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { apiStatus } from '../providers/apiStatus';
import { api } from '../providers/httpClient';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 10_000;

/** Whether the API is unreachable now (a 503 or no answer), kept in step with every request's outcome. */
export const useApiUnreachable = (): boolean => useSyncExternalStore(apiStatus.subscribe, apiStatus.unreachable);

/**
 * A slim bar under the app bar while the server answers 503 or does not answer: the session stays, and the
 * bar asks the API again (1 s, 2 s, 4 s… up to 10 s apart) until it answers; then it goes away and the screen's
 * data is fetched again.
 */
export function ReconnectingBar() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const unreachable = useApiUnreachable();
  const wasUnreachable = useRef(false);

  useEffect(() => {
    if (!unreachable) {
      // Back: whatever failed meanwhile (lists, counters, the access rules) is asked for again.
      if (wasUnreachable.current) void queryClient.invalidateQueries();
      wasUnreachable.current = false;
      return;
    }
    wasUnreachable.current = true;
    let delay = FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const probe = () => {
      timer = setTimeout(async () => {
        // Any answer but a 503 marks the API reachable (httpClient), which ends this effect.
        await api.get('/auth/me').catch(() => undefined);
        if (stopped) return;
        delay = Math.min(delay * 2, MAX_RETRY_MS);
        probe();
      }, delay);
    };
    probe();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [unreachable, queryClient]);

  if (!unreachable) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="reconnecting-bar"
      sx={(theme) => ({
        position: 'fixed',
        // Just under the app bar (react-admin's toolbar: dense on desktop, regular on phones), so its buttons stay usable.
        top: { xs: 56, sm: 48 },
        left: 0,
        right: 0,
        zIndex: theme.zIndex.snackbar + 1,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        boxShadow: 2,
      })}
    >
      <Typography variant="body2" sx={{ textAlign: 'center', fontWeight: 500, py: 0.5, px: 2 }}>
        {translate('appBar.reconnecting')}
      </Typography>
      <LinearProgress color="inherit" sx={{ height: 2, opacity: 0.6 }} />
    </Box>
  );
}
