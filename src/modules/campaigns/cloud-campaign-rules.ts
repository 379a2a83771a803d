import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ChannelManager } from '../../channels/channel-manager.js';
import { appError, fieldError, notFound } from '../../common/errors/app-error.js';
import { MessageTemplate } from '../message-templates/message-template.entity.js';
import { headerMediaProblem } from '../message-templates/template-variables.js';
import type { Campaign } from './campaign.entity.js';

const MESSAGES = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;

/**
 * What a campaign on a connection that sends templates (the WhatsApp Cloud API) needs: an approved template of that
 * connection for every non-empty message variant, with a text for each of its values (and the address of the file its
 * header shows, if it shows one). With a confirmation request that template is the request, and the variant's message
 * (with the campaign's files) goes once the customer answers, inside the window the answer opened; without one, files
 * cannot go. Other connections keep no templates.
 */
@Injectable()
export class CloudCampaignRules {
  constructor(
    private readonly em: EntityManager,
    private readonly channels: ChannelManager,
  ) {}

  /** Whether the campaign's connection sends templates (read from the loaded connection). */
  usesTemplates(campaign: Campaign): boolean {
    const provider = campaign.whatsapp?.getEntity().provider;
    return provider !== undefined && this.channels.capabilities(provider)?.templates === true;
  }

  /**
   * Checks the campaign as it would be saved: 404 for a template that is not the company's or not its connection's,
   * 422 ERR_CLOUD_TEMPLATE_REQUIRED for a message without one, 422 ERR_CLOUD_TEMPLATE_NOT_APPROVED, 400 for values
   * that do not match its placeholders.
   */
  async assert(campaign: Campaign): Promise<void> {
    if (!this.usesTemplates(campaign)) {
      campaign.templates = [];
      return;
    }
    const choices = campaign.templates ?? [];
    const variants = new Set<number>();
    for (const choice of choices) {
      if (variants.has(choice.variant)) throw fieldError('templates', `message ${choice.variant} has two templates`);
      variants.add(choice.variant);
    }
    const found = choices.length ? await this.em.find(MessageTemplate, { id: { $in: choices.map((c) => c.templateId) } }) : [];
    const byId = new Map(found.map((t) => [t.id, t]));
    for (const choice of choices) {
      const template = byId.get(choice.templateId);
      if (!template || template.whatsapp.id !== campaign.whatsapp?.id) throw notFound('ERR_NO_TEMPLATE_FOUND');
      if (template.status !== 'APPROVED') throw appError('ERR_CLOUD_TEMPLATE_NOT_APPROVED', `Template ${template.name} is ${template.status}`);
      if (choice.variables.length !== template.variables)
        throw fieldError('templates', `template ${template.name} takes ${template.variables} values`, 'ERR_VALIDATION');
      if (choice.variables.some((text) => text.trim() === '')) throw fieldError('templates', `every value of template ${template.name} needs a text`);
      const headerProblem = headerMediaProblem(template, choice.headerMediaUrl);
      if (headerProblem) throw fieldError('templates', headerProblem);
    }
    const missing = MESSAGES.flatMap((field, index) => (campaign[field].trim() && !variants.has(index + 1) ? [index + 1] : []));
    if (missing.length)
      throw appError('ERR_CLOUD_TEMPLATE_REQUIRED', `Messages ${missing.join(', ')} have no approved template of the connection`, { variants: missing });
    // With a confirmation request the template asks, and the customer's answer opens the window for the message and its
    // files; without one only the template goes.
    if (!campaign.confirmation && (campaign.fileList || campaign.mediaPath))
      throw fieldError('fileListId', 'Without a confirmation request a WhatsApp Cloud API campaign sends only approved templates: no files');
  }
}
