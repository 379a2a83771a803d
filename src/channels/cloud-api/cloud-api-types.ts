// The shapes of Meta's WhatsApp Business Cloud API as documented (Graph API, webhooks "messages" field), and the
// credentials of one Cloud API connection. Types only, besides the two defaults: no Nest or ORM imports here.

export const DEFAULT_GRAPH_BASE_URL = 'https://graph.facebook.com';
export const DEFAULT_GRAPH_VERSION = 'v24.0';

/** What one Cloud API connection needs: the number it sends from, its business account, and Meta's secrets. */
export interface CloudApiCredentials {
  phoneNumberId: string;
  businessAccountId: string;
  /** A system user's token of the company's Meta app: sent as `Authorization: Bearer`, never logged. */
  accessToken: string;
  /** Signs the webhooks (X-Hub-Signature-256). */
  appSecret: string;
  /** Echoed back by Meta in the GET verification of the webhook address. */
  verifyToken: string;
  graphBaseUrl?: string;
  graphVersion?: string;
}

// ——— Webhooks (POST from Meta, field "messages") ———

export interface WebhookPayload {
  object: 'whatsapp_business_account';
  entry: WebhookEntry[];
}

export interface WebhookEntry {
  /** The WhatsApp Business Account id. */
  id: string;
  changes: WebhookChange[];
}

export interface WebhookChange {
  /** "messages" for traffic; other subscribed fields (templates, account updates) are not traffic. */
  field: string;
  value: WebhookValue;
}

export interface WebhookValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts?: WebhookContact[];
  messages?: WebhookMessage[];
  statuses?: WebhookStatus[];
  errors?: GraphErrorDetail[];
}

export interface WebhookContact {
  profile?: { name?: string };
  wa_id?: string;
}

/** An error as webhooks carry it (value.errors, messages[].errors, statuses[].errors). */
export interface GraphErrorDetail {
  code: number;
  title: string;
  message?: string;
  error_data?: { details?: string };
  href?: string;
}

export interface WebhookMedia {
  id: string;
  mime_type: string;
  sha256?: string;
  caption?: string;
  /** Documents only. */
  filename?: string;
  /** Audio only: recorded in the app as a voice note. */
  voice?: boolean;
  /** Stickers only. */
  animated?: boolean;
}

export interface WebhookLocation {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
  url?: string;
}

export interface WebhookSharedContact {
  name: { formatted_name: string; first_name?: string; last_name?: string; middle_name?: string; prefix?: string; suffix?: string };
  phones?: { phone?: string; wa_id?: string; type?: string }[];
  emails?: { email?: string; type?: string }[];
  org?: { company?: string; department?: string; title?: string };
}

export interface WebhookContext {
  from?: string;
  /** The message this one answers. */
  id?: string;
  forwarded?: boolean;
  frequently_forwarded?: boolean;
}

interface WebhookMessageBase {
  from: string;
  id: string;
  /** Unix seconds, as a string. */
  timestamp: string;
  context?: WebhookContext;
  errors?: GraphErrorDetail[];
}

export type WebhookMessageContent =
  | { type: 'text'; text: { body: string } }
  | { type: 'image'; image: WebhookMedia }
  | { type: 'video'; video: WebhookMedia }
  | { type: 'audio'; audio: WebhookMedia }
  | { type: 'document'; document: WebhookMedia }
  | { type: 'sticker'; sticker: WebhookMedia }
  | { type: 'location'; location: WebhookLocation }
  | { type: 'contacts'; contacts: WebhookSharedContact[] }
  | { type: 'reaction'; reaction: { message_id: string; emoji?: string } }
  | {
      type: 'interactive';
      interactive:
        | { type: 'button_reply'; button_reply: { id: string; title: string } }
        | { type: 'list_reply'; list_reply: { id: string; title: string; description?: string } };
    }
  /** A quick-reply button of a template. */
  | { type: 'button'; button: { payload: string; text: string } }
  /** Kinds Cloud API cannot show the business (polls, view-once...): `errors` carries 131051. */
  | { type: 'unsupported' | 'unknown' };

export type WebhookMessage = WebhookMessageBase & WebhookMessageContent;

export type WebhookMessageType = WebhookMessageContent['type'];

export type CloudStatus = 'sent' | 'delivered' | 'read' | 'played' | 'failed';

export interface WebhookStatus {
  /** The wamid of the business's message. */
  id: string;
  status: CloudStatus;
  timestamp: string;
  recipient_id: string;
  biz_opaque_callback_data?: string;
  conversation?: { id: string; expiration_timestamp?: string; origin?: { type: string } };
  pricing?: { billable?: boolean; pricing_model?: string; category?: string; type?: string };
  errors?: GraphErrorDetail[];
}

// ——— Graph API requests ———

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

/** A media object of a send: an uploaded media id, or a public link Meta downloads. */
export type MediaSource = { id: string } | { link: string };

export interface OutgoingMedia {
  id?: string;
  link?: string;
  caption?: string;
  filename?: string;
}

export type TemplateParameter =
  | { type: 'text'; text: string; parameter_name?: string }
  | { type: 'payload'; payload: string }
  | { type: 'image'; image: MediaSource }
  | { type: 'video'; video: MediaSource }
  | { type: 'document'; document: MediaSource & { filename?: string } };

export type TemplateComponent =
  | { type: 'header' | 'body'; parameters: TemplateParameter[] }
  | { type: 'button'; sub_type: 'quick_reply' | 'url'; index: string; parameters: TemplateParameter[] };

export interface OutgoingTemplate {
  name: string;
  language: { code: string; policy?: 'deterministic' };
  components?: TemplateComponent[];
}

interface OutgoingBase {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  /** The customer's number, digits only. */
  to: string;
  context?: { message_id: string };
  /** Up to 512 characters, returned as-is in the statuses of this message. */
  biz_opaque_callback_data?: string;
}

export type OutgoingMessage = OutgoingBase &
  (
    | { type: 'text'; text: { body: string; preview_url?: boolean } }
    | { type: 'image'; image: OutgoingMedia }
    | { type: 'video'; video: OutgoingMedia }
    | { type: 'audio'; audio: OutgoingMedia }
    | { type: 'document'; document: OutgoingMedia }
    | { type: 'sticker'; sticker: OutgoingMedia }
    | { type: 'reaction'; reaction: { message_id: string; emoji: string } }
    | { type: 'template'; template: OutgoingTemplate }
  );

export type OutgoingMessageOf<T extends OutgoingMessage['type']> = Extract<OutgoingMessage, { type: T }>;

/** Marks an inbound message read (blue ticks on the customer's phone). */
export interface ReadReceiptPayload {
  messaging_product: 'whatsapp';
  status: 'read';
  message_id: string;
}

// ——— Graph API answers ———

export interface SendMessageAnswer {
  messaging_product: 'whatsapp';
  contacts: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
}

export interface MediaUploadAnswer {
  id: string;
}

export interface MediaUrlAnswer {
  messaging_product: 'whatsapp';
  /** Valid for 5 minutes; downloaded with the same bearer token. */
  url: string;
  mime_type: string;
  sha256: string;
  /** Bytes; some answers give it as a string. */
  file_size: number | string;
  id: string;
}

export interface PhoneNumberAnswer {
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
  id: string;
}

export type TemplateStatus = 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED' | 'IN_APPEAL' | 'PENDING_DELETION' | 'DELETED' | 'LIMIT_EXCEEDED';

export interface TemplateComponentDefinition {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  /** Headers: what the header shows. */
  format?: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION';
  text?: string;
  buttons?: { type: string; text: string; url?: string; phone_number?: string }[];
}

export interface MessageTemplate {
  id: string;
  name: string;
  language: string;
  status: TemplateStatus;
  category: string;
  components: TemplateComponentDefinition[];
  parameter_format?: 'POSITIONAL' | 'NAMED';
}

export interface TemplatesPage {
  data: MessageTemplate[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

/** A template as this project keeps it (the Graph one, its status read as it came). */
export type CloudTemplate = MessageTemplate;

export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    /** Deprecated by Meta since v16; still present on some answers. */
    error_subcode?: number;
    fbtrace_id?: string;
    error_data?: { messaging_product?: 'whatsapp'; details?: string };
  };
}
