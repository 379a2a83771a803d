import { type DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { InvoiceGenerator } from './invoice-generator.js';
import { InvoiceIssuer } from './invoice-issuer.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';
import { PaymentWebhookController } from './payment-webhook.controller.js';
import { PaymentWebhookService } from './payment-webhook.service.js';
import { PaymentProviders, paymentProvidersFor } from './providers/payment-providers.js';
import { SandboxPaymentsController } from './sandbox-payments.controller.js';
import { SandboxPaymentsService } from './sandbox-payments.service.js';
import { SubscriptionController } from './subscription.controller.js';
import { SubscriptionService } from './subscription.service.js';

/**
 * Billing: invoices, the Pix checkout, payment webhooks and the daily invoice run. `forRoot(config)` adds the
 * development routes that pay and refund sandbox charges, outside production only: in production they do not exist.
 */
@Module({
  controllers: [InvoicesController, SubscriptionController, PaymentWebhookController],
  providers: [
    InvoicesRepository,
    InvoicesService,
    SubscriptionService,
    PaymentWebhookService,
    InvoiceGenerator,
    InvoiceIssuer,
    { provide: PaymentProviders, inject: [APP_CONFIG], useFactory: (config: AppConfig) => paymentProvidersFor(config) },
  ],
  exports: [InvoiceGenerator],
})
export class InvoicesModule {
  static forRoot(config: Pick<AppConfig, 'isProduction'>): DynamicModule {
    return {
      module: InvoicesModule,
      controllers: config.isProduction ? [] : [SandboxPaymentsController],
      providers: config.isProduction ? [] : [SandboxPaymentsService],
    };
  }
}
