import type { AppConfig } from '../../../config/app-config.js';
import type { PaymentProvider } from './payment-provider.port.js';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment.provider.js';

/**
 * The providers this install accepts webhooks from, by name, and the one that issues new charges. The sandbox is
 * always known (it is how development and tests pay); a real PSP joins when configured.
 */
export class PaymentProviders {
  private readonly byName = new Map<string, PaymentProvider>();
  readonly issuing: PaymentProvider;

  constructor(providers: PaymentProvider[], issuingName: string) {
    for (const provider of providers) this.byName.set(provider.name, provider);
    const issuing = this.byName.get(issuingName);
    if (!issuing) throw new Error(`payment provider ${issuingName} is not configured`);
    this.issuing = issuing;
  }

  get(name: string): PaymentProvider | undefined {
    return this.byName.get(name);
  }
}

export function paymentProvidersFor(config: AppConfig, extra: PaymentProvider[] = []): PaymentProviders {
  const { billing } = config;
  const sandbox = new SandboxPaymentProvider({
    pixKey: billing.pix.key,
    merchantName: billing.pix.merchantName,
    merchantCity: billing.pix.merchantCity,
    secret: billing.sandboxSecret,
  });
  // In production the sandbox issues nothing unless chosen, and its webhooks stay signed by a secret only the server has.
  return new PaymentProviders([sandbox, ...extra], billing.provider);
}
