import { Global, Module } from '@nestjs/common';
import { MailPort } from './mail.port.js';
import { OutboxMailAdapter } from './outbox-mail.adapter.js';

@Global()
@Module({ providers: [{ provide: MailPort, useClass: OutboxMailAdapter }], exports: [MailPort] })
export class MailModule {}
