import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailPort, type MailMessage } from './mail.port.js';

/** Writes each mail as a JSON file under data/outbox/ (the README tells developers where to look). */
@Injectable()
export class OutboxMailAdapter extends MailPort {
  private readonly logger = new Logger('Mail');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.config.mailOutboxDir, { recursive: true });
    const file = join(this.config.mailOutboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`);
    await writeFile(file, JSON.stringify({ ...message, sentAt: new Date().toISOString() }, null, 2), { mode: 0o600 });
    this.logger.log(`Mail "${message.subject}" written to ${file}`);
  }
}
