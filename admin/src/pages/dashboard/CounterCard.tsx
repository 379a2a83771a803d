import type { SvgIconComponent } from '@mui/icons-material';
import { Avatar, Card, CardContent, Skeleton, Typography } from '@mui/material';
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
      {/*
        Desktop: the icon beside the label and the value. Phone: the label on a line of its own above the icon and the
        value, so it never wraps in a half-width card ('T.M. de Atendimento').
      */}
      <CardContent
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          gridTemplateAreas: { xs: '"label label" "icon value"', sm: '"icon label" "icon value"' },
          alignItems: 'center',
          columnGap: { xs: 1, sm: 1.5 },
          rowGap: { xs: 1, sm: 0 },
          height: '100%',
          boxSizing: 'border-box',
          p: 1.5,
          '&:last-child': { pb: 1.5 },
        }}
      >
        <Avatar variant="rounded" sx={{ gridArea: 'icon', bgcolor: alpha(color, 0.12), color, width: { xs: 32, sm: 40 }, height: { xs: 32, sm: 40 } }}>
          <Icon />
        </Avatar>
        <Typography
          variant="body2"
          color="text.secondary"
          noWrap
          title={label}
          sx={{ gridArea: 'label', lineHeight: 1.3, alignSelf: { sm: 'end' } }}
          data-counter-label
        >
          {label}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ gridArea: 'value', fontWeight: 600, lineHeight: 1.3, fontSize: { xs: '1.25rem', sm: '1.5rem' }, alignSelf: { sm: 'start' } }}
          data-counter-value
        >
          {value ?? <Skeleton width={64} />}
        </Typography>
      </CardContent>
    </Card>
  );
}
