import { Injectable } from '@nestjs/common';
import { ChannelManager } from '../../channels/channel-manager.js';
import { brazilianVariants, normaliseNumber } from '../../channels/numbers.js';
import { invalidWhatsappNumber, validationFailed } from './contact-errors.js';

/** What a typed number may contain: digits and the usual mask characters. */
export const PHONE_TEXT = /^[\d\s()+.-]+$/;

const MIN_DIGITS = 8;
const MAX_DIGITS = 20;

export interface ResolvedNumber {
  /** The digits to store. */
  number: string;
  /** Every spelling of the same phone, for the duplicate check (Brazil's ninth digit both ways). */
  sameAs: string[];
  /** true when a connection checked it (a number not on WhatsApp is refused), null when none could. */
  isWhatsappValid: true | null;
}

/** Turns a typed number into the stored one, checked on WhatsApp when the company has a connected connection. */
@Injectable()
export class ContactNumberResolver {
  constructor(private readonly channels: ChannelManager) {}

  async resolve(companyId: number, typed: string): Promise<ResolvedNumber> {
    const digits = normaliseNumber(typed);
    // Checked here rather than in the DTO: a group's id is sent back unchanged and may be longer.
    if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) {
      throw validationFailed('number', `number must have ${MIN_DIGITS} to ${MAX_DIGITS} digits`);
    }
    const check = await this.channels.checkNumber(companyId, digits);
    if (check && !check.exists) throw invalidWhatsappNumber();
    const number = check?.number ?? digits;
    return { number, sameAs: [...new Set([digits, ...brazilianVariants(number)])], isWhatsappValid: check ? true : null };
  }
}
