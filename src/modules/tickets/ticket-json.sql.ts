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

/** A timestamp as JavaScript's `toISOString` writes it (UTC, milliseconds, `Z`). */
export const isoUtc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A list row exactly as the API answers it (TicketWithTagsResponse, tags by name), built by PostgreSQL and sent as
 * text: Node neither parses nor re-encodes the rows of a page. Same aliases as TICKET_JSON.
 */
export const TICKET_API_JSON = `json_build_object(
  'id', t.id, 'uuid', t.uuid, 'status', t.status, 'contactId', t.contact_id, 'userId', t.user_id, 'queueId', t.queue_id,
  'whatsappId', t.whatsapp_id, 'lastMessage', t.last_message, 'lastMessageAt', ${isoUtc('t.last_message_at')},
  'lastMessagePreview', t.last_message_preview, 'unreadMessages', t.unread_messages, 'isGroup', t.is_group,
  'chatbot', t.chatbot, 'useIntegration', t.use_integration, 'integrationId', t.integration_id, 'promptId', t.prompt_id,
  'protocol', t.protocol, 'ratingPending', t.rating_requested_at is not null,
  'createdAt', ${isoUtc('t.created_at')}, 'updatedAt', ${isoUtc('t.updated_at')},
  'contact', json_build_object('id', ct.id, 'name', ct.name, 'number', ct.number, 'profilePicUrl', ct.profile_pic_url, 'isGroup', ct.is_group),
  'queue', case when q.id is null then null else json_build_object('id', q.id, 'name', q.name, 'color', q.color) end,
  'user', case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end,
  'whatsapp', case when w.id is null then null else json_build_object('id', w.id, 'name', w.name) end,
  'tags', coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name, tg.id)
                      from ticket_tags tt join tags tg on tg.company_id = tt.company_id and tg.id = tt.tag_id
                     where tt.company_id = t.company_id and tt.ticket_id = t.id), '[]'::json))`;
