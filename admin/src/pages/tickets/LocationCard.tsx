import OpenInNew from '@mui/icons-material/OpenInNew';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCoordinates, locationCard } from './locationCard';

/** A shared location without a map: the point's coordinates, its name and address, and a link to open it on a map. */
export function LocationCard({ body }: { body: string }) {
  const translate = useTranslate();
  const location = locationCard(body);
  if (!location) return <Typography variant="body2">{body}</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start', minWidth: 220, py: 0.5 }} data-location-card>
      <Box sx={{ display: 'grid', placeItems: 'center', width: 40, height: 40, borderRadius: 1, bgcolor: 'action.hover', flexShrink: 0 }}>
        <PlaceOutlined color="error" />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2">{translate('tickets.messages.cards.location')}</Typography>
        {location.details.map((line) => (
          <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
        <Typography variant="caption" color="text.secondary" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }} data-coordinates>
          {formatCoordinates(location.latitude, location.longitude)}
        </Typography>
        <Link
          href={location.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
        >
          {translate('tickets.messages.cards.openMap')}
          <OpenInNew sx={{ fontSize: 14 }} />
        </Link>
      </Box>
    </Box>
  );
}
