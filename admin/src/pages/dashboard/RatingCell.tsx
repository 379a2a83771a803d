import { Box, Rating, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatRating, RATING_MAX, ratingStep } from './rating';

/** An attendant's average rating as stars with the value and its meaning; '-' without ratings. */
export function RatingCell({ rating }: { rating: number | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (rating === null) return <span>-</span>;
  const value = formatRating(rating, locale);
  const meaning = translate(`dashboard.attendants.ratings.${ratingStep(rating)}`);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Rating value={rating} max={RATING_MAX} precision={0.1} size="small" readOnly aria-hidden />
      <Typography variant="body2" component="span" data-rating={rating}>
        {translate('dashboard.attendants.ratingValue', { value, max: RATING_MAX, meaning })}
      </Typography>
    </Box>
  );
}
