import type { SvgIconComponent } from '@mui/icons-material';
import { Avatar, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

export interface CounterCardProps {
  /** The counter's field; also its catalog key under dashboard.counters. */
  name: string;
  icon: SvgIconComponent;
  color: string;
  /** The shown value; undefined while the first load runs. */
  value: string | undefined;
}

/** One figure of the dashboard with its label and icon. */
export function CounterCard({ name, icon: Icon, color, value }: CounterCardProps) {
  const translate = useTranslate();
  const label = translate(`dashboard.counters.${name}`);
  return (
    <Card variant="outlined" data-counter={name} role="group" aria-label={label} sx={{ height: '100%' }}>
      <CardContent
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 1.5, sm: 2 },
          height: '100%',
          boxSizing: 'border-box',
          p: { xs: 1.5, sm: 2 },
          '&:last-child': { pb: { xs: 1.5, sm: 2 } },
        }}
      >
        <Avatar variant="rounded" sx={{ bgcolor: alpha(color, 0.12), color, width: { xs: 36, sm: 48 }, height: { xs: 36, sm: 48 } }}>
          <Icon />
        </Avatar>
        {/* A label that wraps keeps its value on the same line as the other cards' values. */}
        <Box sx={{ minWidth: 0, alignSelf: 'stretch', display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.3 }}>
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, lineHeight: 1.3, fontSize: { xs: '1.25rem', sm: '1.5rem' } }} data-counter-value>
            {value ?? <Skeleton width={64} />}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
