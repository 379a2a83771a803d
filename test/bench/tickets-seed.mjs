// The issue-15 dataset in plain SQL (generate_series): one company, 100,000 tickets (10% open, 5% pending, the rest
// closed over 180 days), one contact per ticket, 1,000,000 messages. `scale` shrinks every count for quick runs.
import { hashPassword } from '../../dist/src/common/password.js';
import { sql } from './lib.mjs';

/** A word no generated text contains except the 0.1% of messages that carry it. */
export const RARE_WORD = 'zabumbafeliz';
export const BIG_CONVERSATION_TICKET = 1;
export const SMALL_CONVERSATION_TICKET = 2;
export const SMALL_CONVERSATION_MESSAGES = 50;
export const ADMIN = { email: 'admin@bench.example', password: 'Bench123!' };
const AGENTS = 20;
const QUEUES = 3;

export function sizes(scale) {
  const tickets = Math.max(1000, Math.round(100_000 * scale));
  return {
    tickets,
    open: Math.round(tickets * 0.1),
    pending: Math.round(tickets * 0.05),
    messages: Math.max(10_000, Math.round(1_000_000 * scale)),
    bigConversation: Math.max(1000, Math.round(20_000 * scale)),
  };
}

/**
 * Every index of `table` but its primary key, as statements to drop it before the bulk insert and to build it again
 * after (one pass each, several at once, instead of a million insertions into each).
 */
async function rebuildableIndexes(dbUrl, table) {
  const { rows } = await sql(
    dbUrl,
    `select i.indexname, i.indexdef, c.contype, pg_get_constraintdef(c.oid) as condef from pg_indexes i
       left join pg_constraint c on c.conname = i.indexname and c.conrelid = $1::regclass
      where i.schemaname = 'public' and i.tablename = $2 and coalesce(c.contype, '') <> 'p'`,
    [table, table],
  );
  return rows.map((i) =>
    i.contype
      ? { drop: `alter table "${table}" drop constraint "${i.indexname}";`, create: `alter table "${table}" add constraint "${i.indexname}" ${i.condef};` }
      : { drop: `drop index "${i.indexname}";`, create: `${i.indexdef};` },
  );
}

/** Runs statements on `width` connections at once. */
async function inParallel(dbUrl, statements, width) {
  const queue = [...statements];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await sql(dbUrl, `set maintenance_work_mem = '256MB'; ${next}`);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

export async function seedTickets(dbUrl, scale) {
  const n = sizes(scale);
  const hash = await hashPassword(ADMIN.password);
  const indexes = [...(await rebuildableIndexes(dbUrl, 'tickets')), ...(await rebuildableIndexes(dbUrl, 'messages'))];
  const rest = n.messages - n.bigConversation - SMALL_CONVERSATION_MESSAGES;
  const others = n.tickets - 2;
  await sql(
    dbUrl,
    `-- The rows are consistent by construction: no foreign-key trigger per row.
     set session_replication_role = replica;
     ${indexes.map((i) => i.drop).join('\n')}
     insert into plans (name, users, connections, queues, value) values ('Bench', 1000, 10, 10, 10);
     insert into companies (name, plan_id, due_date) values ('Bench', 1, now() + interval '1 year');
     insert into settings (company_id, key, value) select 1, k, 'enabled' from unnest(array['userCreation','call','CheckMsgIsGroup']) k;
     insert into queues (company_id, name, color, order_queue) select 1, 'Fila ' || q, '#00000' || q, q from generate_series(1, ${QUEUES}) q;
     insert into users (company_id, name, email, password_hash, profile) values (1, 'Admin', '${ADMIN.email}', '${hash}', 'admin');
     insert into users (company_id, name, email, password_hash, profile)
       select 1, 'Agent ' || u, 'agent' || u || '@bench.example', '${hash}', 'user' from generate_series(1, ${AGENTS}) u;
     insert into user_queues (user_id, queue_id) select u.id, q.id from users u, queues q;
     insert into whatsapps (company_id, name, status, provider, is_default) values (1, 'Sim', 'CONNECTED', 'simulator', true);
     insert into whatsapp_queues (whatsapp_id, queue_id) select 1, id from queues;
     insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) values (1, 1, 'creds', 'creds', '{"simulator":true}');
     insert into contacts (company_id, uuid, name, number, whatsapp_id, created_at, updated_at)
       select 1, gen_random_uuid(), 'Cliente ' || g, '55119' || lpad(g::text, 8, '0'), 1, now() - interval '200 days', now() - interval '200 days'
         from generate_series(1, ${n.tickets}) g;
     -- Open and pending tickets moved in the last week; closed ones over 180 days.
     insert into tickets (company_id, uuid, status, contact_id, whatsapp_id, user_id, queue_id, protocol, unread_messages, created_at, updated_at, last_message_at, last_message)
       select 1, gen_random_uuid(), s.status, g, 1,
              case when s.status = 'pending' then null else 2 + g % ${AGENTS} end, 1 + g % ${QUEUES}, 'B' || g, 0, x.at - interval '1 hour', x.at, x.at, 'mensagem ' || g
         from generate_series(1, ${n.tickets}) g
         cross join lateral (select case when g <= ${n.open} then 'open' when g <= ${n.open + n.pending} then 'pending' else 'closed' end as status) s
         cross join lateral (select now() - random() * case when s.status = 'closed' then interval '180 days' else interval '7 days' end - g * interval '1 millisecond' as at) x;
     update tickets set updated_at = now(), last_message_at = now() where id in (${BIG_CONVERSATION_TICKET}, ${SMALL_CONVERSATION_TICKET});
     -- The big conversation, the 50-message ticket, then the rest spread over the other tickets (about 10 each).
     insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, remote_jid, body, from_me, read, ack, created_at, updated_at)
       select 1, t.id, t.contact_id, 1, 'S' || g, '55119' || lpad(t.contact_id::text, 8, '0') || '@s.whatsapp.net',
              case when g % 1000 = 0 then 'preciso de ajuda com o ${RARE_WORD} numero ' || g else 'mensagem numero ' || g || ' sobre o pedido ' || (g % 9973) end,
              g % 2 = 0, true, 3, x.at, x.at
         from generate_series(1, ${n.messages}) g
         cross join lateral (select case when g <= ${n.bigConversation} then ${BIG_CONVERSATION_TICKET}
                                         when g <= ${n.bigConversation + SMALL_CONVERSATION_MESSAGES} then ${SMALL_CONVERSATION_TICKET}
                                         else 3 + (g - ${n.bigConversation + SMALL_CONVERSATION_MESSAGES + 1}) % ${others} end as id) k
         join tickets t on t.id = k.id
         cross join lateral (select case when g <= ${n.bigConversation + SMALL_CONVERSATION_MESSAGES} then now() - (${n.bigConversation + SMALL_CONVERSATION_MESSAGES} - g) * interval '1 minute' - interval '1 second'
                                         else t.updated_at - ((g - ${n.bigConversation + SMALL_CONVERSATION_MESSAGES + 1}) / ${others}) * interval '5 minutes' end as at) x;
     -- Replica mode skipped the counters' triggers too: fill them from the rows, as their migration does.
     delete from ticket_counters;
     insert into ticket_counters (company_id, status, queue_id, user_id, tickets)
       select company_id, status, queue_id, user_id, count(*) from tickets group by 1, 2, 3, 4;`,
  );
  await inParallel(
    dbUrl,
    indexes.map((i) => i.create),
    3,
  );
  await sql(dbUrl, 'analyze');
  return { ...n, rest };
}
