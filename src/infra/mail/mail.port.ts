export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing mail. The default adapter writes to a local outbox; an SMTP adapter plugs in here. */
export abstract class MailPort {
  abstract send(message: MailMessage): Promise<void>;
}
