import type { MessageTemplate } from './cloud-api-types.js';

// What the fake Graph API serves unless told otherwise: one business number and a few templates (one rejected).

export const FAKE_ACCESS_TOKEN = 'fake-cloud-access-token';
export const FAKE_PHONE_NUMBER_ID = '106540352242922';
export const FAKE_BUSINESS_ACCOUNT_ID = '102290129340398';
/** The app secret the demo's Cloud API connection and its fake share (the fake signs its webhooks with it). */
export const FAKE_APP_SECRET = 'fake-cloud-app-secret';

export interface FakePhoneNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
  code_verification_status?: string;
}

export const FAKE_PHONE_NUMBER: FakePhoneNumber = {
  id: FAKE_PHONE_NUMBER_ID,
  display_phone_number: '15550783881',
  verified_name: 'Loja Exemplo',
  quality_rating: 'GREEN',
  code_verification_status: 'VERIFIED',
};

export const FAKE_TEMPLATES: MessageTemplate[] = [
  {
    id: '9000000000001',
    name: 'pedido_confirmado',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} foi confirmado.' }],
  },
  {
    id: '9000000000002',
    name: 'boas_vindas',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Bem-vindo, {{1}}!' },
    ],
  },
  { id: '9000000000003', name: 'hello_world', language: 'en_US', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hello World' }] },
  {
    id: '9000000000004',
    name: 'promocao_relampago',
    language: 'pt_BR',
    status: 'REJECTED',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Só hoje: {{1}}% de desconto!' }],
  },
];

/**
 * A template with named placeholders, a text header with one and a URL button ending in {{1}}: not among
 * FAKE_TEMPLATES (whose count tests rely on), added where a test needs every kind of value.
 */
export const FAKE_NAMED_TEMPLATE: MessageTemplate = {
  id: '9000000000077',
  name: 'rastreio_pedido',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  parameter_format: 'NAMED',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Pedido {{order_id}}' },
    { type: 'BODY', text: 'Olá {{first_name}}, seu pedido {{order_id}} saiu com {{carrier}}.' },
    { type: 'FOOTER', text: 'Loja Exemplo' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Falar com a loja' },
        { type: 'URL', text: 'Rastrear', url: 'https://loja.example/rastreio/{{1}}' },
      ],
    },
  ],
};
