import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Step,
  StepLabel,
  Stepper,
  type Theme,
  useMediaQuery,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import type { InvoiceResponse, PlanCardResponse, SubscriptionResponse } from '../../../../src/shared/billing-api-types';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useBilling } from './BillingContext';
import { BillingDataStep } from './BillingDataStep';
import type { CompanyBilling } from '../../../../src/shared/api-types';
import { type CheckoutValues, checkoutDefaults, FIRST_STEP, LAST_STEP, STEPS, toSubscriptionRequest } from './checkoutForm';
import { PixPayment } from './PixPayment';
import { PlanCard } from './PlanCard';
import { ReviewStep } from './ReviewStep';

interface CheckoutDialogProps {
  invoiceId: number;
  onClose(): void;
}

/**
 * 'Falta pouco!' (administration §Subscription checkout, §4): the stepper Dados → Personalizar → Revisar, opened on the
 * plan; PAGAR orders the invoice's Pix charge and the dialog turns into the Pix screen.
 */
export function CheckoutDialog({ invoiceId, onClose }: CheckoutDialogProps) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { methods, scope } = useBilling();
  const invoice = useQuery({ queryKey: [scope, 'invoice', invoiceId], queryFn: async () => (await methods.getInvoice(invoiceId)).data });
  const summary = useQuery({ queryKey: [scope, 'subscription'], queryFn: async () => (await methods.getSubscription()).data });
  const [charge, setCharge] = useState<SubscriptionResponse>();
  const failed = invoice.error ?? summary.error;

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="checkout-title">
      <DialogTitle id="checkout-title">{translate('checkout.title')}</DialogTitle>
      {failed ? (
        <CheckoutFailure error={failed} onClose={onClose} />
      ) : !invoice.data || !summary.data ? (
        <DialogContent>
          <LinearProgress aria-busy="true" />
        </DialogContent>
      ) : charge ? (
        <>
          <DialogContent>
            <PixPayment charge={charge} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('common.close')}</Button>
          </DialogActions>
        </>
      ) : invoice.data.status === 'paid' ? (
        <>
          <DialogContent>
            <Alert severity="info">{translate('errors.ERR_INVOICE_ALREADY_PAID')}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('common.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <CheckoutSteps invoice={invoice.data} plan={summary.data.plan} billing={summary.data.company.billing} onOrdered={setCharge} onClose={onClose} />
      )}
    </Dialog>
  );
}

function CheckoutFailure({ error, onClose }: { error: unknown; onClose(): void }) {
  const translate = useTranslate();
  const message = error instanceof Error ? error.message : 'errors.generic';
  return (
    <>
      <DialogContent>
        <Alert severity="error">{translate(message, { _: translate('errors.generic') })}</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('common.close')}</Button>
      </DialogActions>
    </>
  );
}

interface CheckoutStepsProps {
  invoice: InvoiceResponse;
  plan: PlanCardResponse | null;
  /** What the company gave last time, to start step 0 with. */
  billing: CompanyBilling | undefined;
  onOrdered(charge: SubscriptionResponse): void;
  onClose(): void;
}

const PLAN_STEP = STEPS.indexOf('plan');

/** The stepper as one form: each step's submit validates the fields it shows; the last one orders. */
function CheckoutSteps({ invoice, plan, billing, onOrdered, onClose }: CheckoutStepsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { methods } = useBilling();
  const [step, setStep] = useState(FIRST_STEP);
  const stepper = (
    <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
      {STEPS.map((name) => (
        <Step key={name}>
          <StepLabel>{translate(`checkout.steps.${name}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );

  const submit = async (values: Record<string, unknown>) => {
    if (step < LAST_STEP) {
      setStep(step + 1);
      return;
    }
    try {
      const { data } = await methods.subscribe(toSubscriptionRequest(invoice.id, values as unknown as CheckoutValues, plan, invoice.value));
      notify('checkout.ordered', { type: 'success' });
      onOrdered(data);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Form onSubmit={submit} defaultValues={checkoutDefaults(billing)} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        {stepper}
        <UntouchOnStep step={step} />
        {step === 0 && <BillingDataStep />}
        {step === 1 && (plan ? <PlanStep plan={plan} onSelected={() => setStep(2)} /> : <Alert severity="warning">{translate('checkout.plan.none')}</Alert>)}
        {step === 2 && <ReviewStep invoice={invoice} plan={plan} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} sx={{ mr: 'auto' }}>
          {translate('common.cancel')}
        </Button>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>{translate('checkout.back')}</Button>}
        {/* The plan step goes on through its card's SELECIONAR: one way forward, not two. */}
        {!(step === PLAN_STEP && plan) && <StepSubmit label={step === LAST_STEP ? 'checkout.pay' : 'checkout.next'} />}
      </DialogActions>
    </Form>
  );
}

/** SELECIONAR keeps the plan card in the order and goes on to the review. */
function PlanStep({ plan, onSelected }: { plan: PlanCardResponse; onSelected(): void }) {
  const { setValue } = useFormContext<CheckoutValues>();
  return (
    <PlanCard
      plan={plan}
      onSelect={() => {
        setValue('plan', JSON.stringify(plan));
        onSelected();
      }}
    />
  );
}

/** Moving to another step clears the touched state, so the new step's fields start without errors. */
function UntouchOnStep({ step }: { step: number }) {
  const { reset, getValues } = useFormContext();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change only
  useEffect(() => {
    reset(getValues(), { keepDefaultValues: true });
  }, [step]);
  return null;
}

function StepSubmit({ label }: { label: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Box component="span">
      <Button type="submit" variant="contained" disabled={isSubmitting} startIcon={isSubmitting && <CircularProgress size={18} color="inherit" />}>
        {translate(label)}
      </Button>
    </Box>
  );
}
