import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PlanCardResponse } from '../../../../src/shared/billing-api-types';
import { formatMoney } from '../financeiro/invoiceStatus';

/** The company's plan (administration §3 Plan card): title, price, users, connections, queues; SELECIONAR when offered. */
export function PlanCard({ plan, onSelect }: { plan: PlanCardResponse; onSelect?(): void }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ maxWidth: 360, mx: 'auto', width: '100%' }} data-plan-id={plan.id}>
      <CardContent sx={{ textAlign: 'center' }}>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 600 }}>
          {plan.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'center', gap: 0.5, my: 1 }}>
          <Typography variant="h4" component="span" color="primary" sx={{ fontWeight: 700 }}>
            {formatMoney(plan.value)}
          </Typography>
          <Typography variant="body2" component="span" color="text.secondary">
            {translate('checkout.plan.perMonth')}
          </Typography>
        </Box>
        <Typography variant="body2">{translate('checkout.plan.users', { smart_count: plan.users })}</Typography>
        <Typography variant="body2">{translate('checkout.plan.connections', { smart_count: plan.connections })}</Typography>
        <Typography variant="body2">{translate('checkout.plan.queues', { smart_count: plan.queues })}</Typography>
      </CardContent>
      {onSelect && (
        <CardActions sx={{ justifyContent: 'center', pb: 2 }}>
          <Button variant="contained" onClick={onSelect} fullWidth sx={{ mx: 2 }}>
            {translate('checkout.plan.select')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
