/**
 * The JSON a ticket travels as (see TicketRow), built in SQL so lists and the inbound pipeline read it in one query.
 * Aliases: t = tickets, ct = contacts, q = queues, u = users, w = whatsapps.
 */
export const TICKET_JSON = `json_build_object(
  'id', t.id, 'uuid', t.uuid, 'status', t.status, 'contact_id', t.contact_id, 'user_id', t.user_id, 'queue_id', t.queue_id,
  'whatsapp_id', t.whatsapp_id, 'last_message', t.last_message, 'last_message_at', t.last_message_at, 'last_message_preview', t.last_message_preview, 'unread_messages', t.unread_messages, 'is_group', t.is_group,
  'chatbot', t.chatbot, 'use_integration', t.use_integration, 'integration_id', t.integration_id, 'prompt_id', t.prompt_id,
  'protocol', t.protocol, 'created_at', t.created_at, 'updated_at', t.updated_at, 'rating_pending', t.rating_requested_at is not null,
  'contact', json_build_object('id', ct.id, 'uuid', ct.uuid, 'name', ct.name, 'number', ct.number, 'profile_pic_url', ct.profile_pic_url,
                               'profile_pic_updated_at', ct.profile_pic_updated_at, 'is_group', ct.is_group),
  'queue', case when q.id is null then null else json_build_object('id', q.id, 'name', q.name, 'color', q.color) end,
  'user', case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end,
  'whatsapp', case when w.id is null then null else json_build_object('id', w.id, 'name', w.name) end)`;

export const TICKET_JOINS = `
  left join queues q on q.id = t.queue_id
  left join users u on u.id = t.user_id
  left join whatsapps w on w.id = t.whatsapp_id`;
