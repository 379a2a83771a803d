import { isReactionText } from '../../shared/emoji.js';
import type { MessageTemplate } from './cloud-api-types.js';
import { type TemplateSlot, templateSlots } from './template-slots.js';

// Strict checks of a POST /{phone-number-id}/messages body, as the fake Graph API applies them: any key or value the
// documentation does not allow is refused with Meta's code, so the payload builders are checked against it.

export type SendCheck =
  | { ok: true; kind: 'read'; messageId: string }
  | { ok: true; kind: 'message'; to: string; type: string; template: boolean; bizOpaque: string | null }
  | { ok: false; code: number; details: string };

export interface SendContext {
  hasMedia(id: string): boolean;
  templates: readonly MessageTemplate[];
}

type Json = Record<string, unknown>;

class Refusal extends Error {
  constructor(
    readonly code: number,
    details: string,
  ) {
    super(details);
  }
}

const refuse = (details: string, code = 100): never => {
  throw new Refusal(code, details);
};

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function objectOf(value: unknown, path: string, allowed: readonly string[]): Json {
  if (!isObject(value)) return refuse(`Param ${path} must be a JSON object`);
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown) refuse(`Param ${path}['${unknown}'] is not a valid parameter`);
  return value;
}

function stringOf(value: unknown, path: string, { min = 1, max = 4096 } = {}): string {
  if (typeof value !== 'string') return refuse(`Param ${path} must be a string`);
  if (value.length < min || value.length > max) refuse(`Param ${path} must be between ${min} and ${max} characters long`);
  return value;
}

const MEDIA_KEYS: Record<string, readonly string[]> = {
  image: ['id', 'link', 'caption'],
  video: ['id', 'link', 'caption'],
  document: ['id', 'link', 'caption', 'filename'],
  audio: ['id', 'link'],
  sticker: ['id', 'link'],
};

function checkMediaObject(value: unknown, path: string, keys: readonly string[], context: SendContext): void {
  const media = objectOf(value, path, keys);
  if ('id' in media === 'link' in media) refuse(`Param ${path} must have exactly one of id or link`);
  if ('id' in media && !context.hasMedia(stringOf(media.id, `${path}['id']`, { max: 64 }))) refuse(`Param ${path}['id'] is not a valid media id`, 131009);
  if ('link' in media && !/^https?:\/\/\S+$/.test(stringOf(media.link, `${path}['link']`))) refuse(`Param ${path}['link'] must be an http(s) URL`);
  if ('caption' in media) stringOf(media.caption, `${path}['caption']`, { max: 1024 });
  if ('filename' in media) stringOf(media.filename, `${path}['filename']`, { max: 240 });
}

/** Meta refuses template values with line breaks, tabs or more than four spaces in a row. */
function checkParameterText(text: string, path: string): void {
  if (/[\n\t]| {5,}/.test(text)) refuse(`Param ${path} cannot have new-line/tab characters or more than 4 consecutive spaces`);
}

function checkTemplate(value: unknown, context: SendContext): void {
  const template = objectOf(value, 'template', ['name', 'language', 'components']);
  const name = stringOf(template.name, "template['name']", { max: 512 });
  const code = stringOf(objectOf(template.language, "template['language']", ['code', 'policy']).code, "template['language']['code']", { max: 16 });
  const known = context.templates.find((t) => t.name === name && t.language === code);
  // Only approved templates can be sent: Meta answers as if the others did not exist, except paused and disabled ones.
  if (!known || !['APPROVED', 'PAUSED', 'DISABLED'].includes(known.status)) refuse(`template name (${name}) does not exist in ${code}`, 132001);
  if (known!.status === 'PAUSED') refuse(`Template ${name} is paused`, 132015);
  if (known!.status === 'DISABLED') refuse(`Template ${name} is disabled`, 132016);
  const components = template.components === undefined ? [] : template.components;
  if (!Array.isArray(components) || components.length > 10) refuse("Param template['components'] must be an array of at most 10");
  const slots = templateSlots(known!.components);
  const expected = (part: TemplateSlot['part']) => slots.filter((slot) => slot.part === part);
  const given = { header: [] as string[], body: [] as string[], buttons: [] as number[] };
  /** A text parameter: its name when the template names its placeholders, its position otherwise. */
  const textParam = (p: unknown, at: string, position: number): string => {
    const param = objectOf(p, at, ['type', 'text', 'parameter_name']);
    if (param.type !== 'text') refuse(`Param ${at}['type'] must be text`, 132012);
    checkParameterText(stringOf(param.text, `${at}['text']`, { max: 32768 }), `${at}['text']`);
    return param.parameter_name === undefined ? String(position) : stringOf(param.parameter_name, `${at}['parameter_name']`, { max: 128 });
  };
  for (const [index, raw] of (components as unknown[]).entries()) {
    const path = `template['components'][${index}]`;
    const component = objectOf(raw, path, ['type', 'sub_type', 'index', 'parameters']);
    const parameters: unknown[] = Array.isArray(component.parameters) ? component.parameters : refuse(`Param ${path}['parameters'] must be an array`);
    if (component.type === 'body') {
      for (const [i, p] of parameters.entries()) given.body.push(textParam(p, `${path}['parameters'][${i}]`, i + 1));
    } else if (component.type === 'header') {
      const format = known!.components.find((c) => c.type === 'HEADER')?.format;
      const param = objectOf(parameters[0], `${path}['parameters'][0]`, ['type', 'text', 'parameter_name', 'image', 'video', 'document']);
      if (parameters.length !== 1 || typeof param.type !== 'string' || param.type.toUpperCase() !== format)
        refuse(`Header of ${name} expects ${format ?? 'nothing'}`, 132012);
      if (param.type === 'text') given.header.push(textParam(param, `${path}['parameters'][0]`, 1));
      else checkMediaObject(param[param.type as string], `${path}['parameters'][0]['${param.type}']`, ['id', 'link', 'filename'], context);
    } else if (component.type === 'button') {
      if (component.sub_type !== 'quick_reply' && component.sub_type !== 'url') refuse(`Param ${path}['sub_type'] is not valid`);
      if (!/^\d$/.test(String(component.index))) refuse(`Param ${path}['index'] is not valid`);
      if (component.sub_type === 'url') {
        const place = Number(component.index);
        if (!expected('button').some((slot) => slot.part === 'button' && slot.button === place))
          refuse(`Button ${place} of ${name} takes no parameter`, 132000);
        if (parameters.length !== 1) refuse(`Param ${path}['parameters'] must hold one text`, 132000);
        textParam(parameters[0], `${path}['parameters'][0]`, 1);
        given.buttons.push(place);
      }
    } else {
      refuse(`Param ${path}['type'] must be one of {header, body, button}`);
    }
  }
  for (const part of ['header', 'body'] as const) {
    const names = expected(part).map((slot) => slot.name);
    if (given[part].length !== names.length)
      refuse(`${part}: number of localizable_params (${given[part].length}) does not match the expected number of params (${names.length})`, 132000);
    if (names.some((n) => !given[part].includes(n))) refuse(`${part}: parameter names do not match the template's (${names.join(', ')})`, 132000);
  }
  if (given.buttons.length !== expected('button').length)
    refuse(`buttons: number of parameters (${given.buttons.length}) does not match the template's`, 132000);
}

const TYPES = ['text', 'image', 'video', 'audio', 'document', 'sticker', 'reaction', 'template'] as const;
const ENVELOPE = ['messaging_product', 'recipient_type', 'to', 'type', 'context', 'biz_opaque_callback_data'];

function checkMessage(body: Json, context: SendContext): SendCheck {
  const type = body.type;
  if (typeof type !== 'string' || !(TYPES as readonly string[]).includes(type)) return refuse(`Param type must be one of {${TYPES.join(', ')}}`);
  objectOf(body, 'message', [...ENVELOPE, type]);
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') refuse('Param recipient_type must be individual');
  const to = stringOf(body.to, 'to', { max: 20 });
  if (!/^\d{5,20}$/.test(to)) refuse('Param to must be a phone number (digits)');
  if (body.context !== undefined) stringOf(objectOf(body.context, 'context', ['message_id']).message_id, "context['message_id']", { max: 256 });
  const bizOpaque = body.biz_opaque_callback_data === undefined ? null : stringOf(body.biz_opaque_callback_data, 'biz_opaque_callback_data', { max: 512 });
  const content = body[type];
  if (type === 'text') {
    const text = objectOf(content, 'text', ['body', 'preview_url']);
    stringOf(text.body, "text['body']", { max: 4096 });
    if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean') refuse("Param text['preview_url'] must be a boolean");
  } else if (type === 'reaction') {
    const reaction = objectOf(content, 'reaction', ['message_id', 'emoji']);
    stringOf(reaction.message_id, "reaction['message_id']", { max: 256 });
    const emoji = stringOf(reaction.emoji, "reaction['emoji']", { min: 0, max: 16 });
    // Meta applies one emoji, or takes the reaction back with an empty one; text or several emoji are refused.
    if (!isReactionText(emoji)) refuse("Param reaction['emoji'] must be a single emoji or empty", 131009);
  } else if (type === 'template') {
    checkTemplate(content, context);
  } else {
    checkMediaObject(content, type, MEDIA_KEYS[type]!, context);
  }
  return { ok: true, kind: 'message', to, type, template: type === 'template', bizOpaque };
}

/** The verdict on one body: what it asks for, or Meta's code and details for refusing it. */
export function checkSendBody(body: unknown, context: SendContext): SendCheck {
  try {
    if (!isObject(body)) return refuse('The request body must be a JSON object');
    if (body.messaging_product !== 'whatsapp') return refuse('Param messaging_product must be whatsapp');
    if (body.status !== undefined) {
      const read = objectOf(body, 'read receipt', ['messaging_product', 'status', 'message_id']);
      if (read.status !== 'read') refuse('Param status must be read');
      return { ok: true, kind: 'read', messageId: stringOf(read.message_id, 'message_id', { max: 256 }) };
    }
    return checkMessage(body, context);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, details: error.message };
    throw error;
  }
}
