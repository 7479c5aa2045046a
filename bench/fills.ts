/**
 * The data each benchmark runs on, made in SQL (generate_series) so a fill of a million rows
 * takes seconds. bench/bench-server.ts runs the fills a benchmark names before it listens.
 */
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed';
import { systemClock } from '../server/lib/clock';
import { hashPassword } from '../server/modules/auth/passwords';

export const FAMILIES = 10_000;
export const LOG_ROWS = 1_000_000;
/** The on-sale rush: one event of this many seats. */
export const RUSH_SEATS = 300;
export const RUSH_EVENT_NAME = 'On-sale rush';
/** A second event the rush benchmark warms the server on, with seats for every warm-up round. */
export const WARM_UP_EVENT_NAME = 'Warm-up sale';
/** An event with no seats, which the warm-up's late buyers are told is sold out. */
export const SOLD_OUT_EVENT_NAME = 'Sold-out show';

/** The demo association (plans, families, events, accounts), as `npm start` seeds it. */
async function demo(database: TDatabase): Promise<void> {
  await seedDemo(database.db, {
    clock: systemClock,
    timeZone: 'America/Chicago',
    eventPrefix: 'Gala',
  });
}

/**
 * A season of 12 upcoming events and 20,000 sold tickets spread over them (plus some pending
 * and expired checkouts): what the public event list counts seats over.
 */
async function events(database: TDatabase): Promise<void> {
  await database.db.execute(sql`
    insert into events (name, description, event_date, event_time, venue, member_price_cents,
      non_member_price_cents, table_price_cents, capacity)
    select 'Season evening ' || g, 'An evening of music and food, number ' || g || ' of the season.',
      (current_date + (7 * g)), '18:30', 'Samaj Hall', 1500, 2000, 15000, 5000
    from generate_series(1, 12) g`);
  await database.db.execute(sql`
    insert into payments (transaction_id, kind, status, provider, email, event_id, product_name,
      payment_type, dependent, amount_cents, expires_at, confirmed_at)
    select 'bench-' || g,
      'nonmember-ticket',
      case when g % 50 = 0 then 'pending' when g % 23 = 0 then 'expired' else 'payment done' end,
      'mock',
      'buyer' || g || '@example.net',
      (select id from events where name = 'Season evening ' || (1 + g % 12)),
      'Season evening ' || (1 + g % 12),
      'Event',
      1 + g % 4,
      2000 * (1 + g % 4),
      case when g % 50 = 0 then now() + interval '15 minutes' else now() - interval '1 day' end,
      case when g % 50 = 0 or g % 23 = 0 then null else now() - interval '1 day' end
    from generate_series(1, 20000) g`);
  await database.db.execute(sql`analyze events`);
  await database.db.execute(sql`analyze payments`);
}

/** 10,000 families on two plans; names, streets and states vary the way a real roll does. */
async function members(database: TDatabase): Promise<void> {
  await database.db.execute(sql`
    insert into membership_plans (membership_type, prefix, plan_fee_cents, have_spouse, dependent_fee_cents, max_dependent, service_charge_percent, validity_type)
    values ('General Membership', 'GM', 10000, true, 2500, 6, 3, 'Unlimited'),
           ('Senior Membership', 'SR', 5000, true, 2500, 2, 3, 'Unlimited')`);
  // Every 7th family has lapsed, every 3rd active one has had the gift.
  await database.db.execute(sql`
    insert into members (family_plan_id, plan_id, first_name, last_name, email, password_hash,
      contact_phone, street, city, state, zipcode, is_active, validity_from, validity_to, gift_received)
    select
      (case when g % 4 = 0 then 'SR' else 'GM' end) || lpad((g - 1)::text, 4, '0'),
      (select id from membership_plans where prefix = case when g % 4 = 0 then 'SR' else 'GM' end),
      (array['Asha','Ravi','Meera','Kiran','Nila','Harish','Priya','Sanjay','Leela','Vikram'])[1 + g % 10],
      (array['Patel','Shah','Desai','Joshi','Vora','Amin','Mehta','Trivedi','Bhatt','Parikh','Rao','Iyer'])[1 + (g / 10) % 12],
      'member' || g || '@example.org',
      'unused',
      '281555' || lpad((g % 10000)::text, 4, '0'),
      (100 + g % 9900) || ' ' || (array['Oak','Maple','Cedar','Elm','Pine','Willow','Birch'])[1 + g % 7] || ' ' || (array['St','Ave','Dr','Ln'])[1 + g % 4],
      (array['Houston','Sugar Land','Katy','Pearland','Austin'])[1 + g % 5],
      'TX',
      '77' || lpad((g % 1000)::text, 3, '0'),
      g % 7 <> 0,
      '2026-01-01',
      null,
      case when g % 3 = 0 and g % 7 <> 0 then 'received' else '' end
    from generate_series(1, ${FAMILIES}) g`);
  await database.db.execute(sql`analyze members`);
}

/** 1,000,000 audit log entries; created_at goes back one second per row. */
async function logs(database: TDatabase): Promise<void> {
  // Building the indexes once after the insert is several times faster than keeping them up to
  // date row by row; they are recreated from the migration's own definitions.
  const result = await database.db.execute(
    sql`select indexname, indexdef from pg_indexes
        where tablename = 'audit_logs' and indexname <> 'audit_logs_pkey'`,
  );
  // Both drivers answer { rows }; the shared TDb type does not say so.
  const indexes = (result as unknown as { rows: Array<{ indexname: string; indexdef: string }> })
    .rows;
  for (const { indexname } of indexes)
    await database.db.execute(sql.raw(`drop index ${indexname}`));
  const definitions = indexes.map((index) => index.indexdef);
  await database.db.execute(sql`
    insert into audit_logs ("user", email, user_type, ip_address, method_type, logger_message, created_at)
    select
      (array['Global Admin','Meera Desai','Kiran Vora','Asha Patel','Ravi Shah','Nila Joshi'])[1 + g % 6],
      'user' || (g % 5000) || '@example.org',
      (array['Global Admin','Super User','Temp Admin','Member','Anonymous'])[1 + g % 5],
      '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (g % 7),
      (array['GET','POST','PUT','DELETE'])[1 + g % 4],
      (array['Signed in','Signed out','Updated member ','Created event ','Deleted dependent of member '])[1 + g % 5]
        || case when g % 5 >= 2 then (g % 20000)::text else '' end,
      now() - g * interval '1 second'
    from generate_series(1, ${LOG_ROWS}) g`);
  await database.db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const definition of definitions) await database.db.execute(sql.raw(definition));
  await database.db.execute(sql`analyze audit_logs`);
}

/**
 * One upcoming event of RUSH_SEATS seats, nothing sold yet, one to warm up on, and one without
 * seats for the warm-up's late buyers.
 */
async function rush(database: TDatabase): Promise<void> {
  await database.db.execute(sql`
    insert into events (name, description, event_date, event_time, venue, member_price_cents,
      non_member_price_cents, table_price_cents, capacity)
    values (${RUSH_EVENT_NAME}, 'Tickets go on sale at noon.', current_date + 30, '19:00',
      'Samaj Hall', 1500, 2000, 15000, ${RUSH_SEATS}),
      (${WARM_UP_EVENT_NAME}, 'Tickets on sale now.', current_date + 20, '19:00',
      'Samaj Hall', 1500, 2000, 15000, 100000),
      (${SOLD_OUT_EVENT_NAME}, 'Every seat is taken.', current_date + 25, '19:00',
      'Samaj Hall', 1500, 2000, 15000, 0)`);
}

/** Staff accounts signin1@example.org … signin8@example.org, password SIGNIN_PASSWORD. */
export const SIGNIN_ACCOUNTS = 8;
export const SIGNIN_PASSWORD = 'bench-signin-password';
async function signin(database: TDatabase): Promise<void> {
  const passwordHash = await hashPassword(SIGNIN_PASSWORD);
  for (let i = 1; i <= SIGNIN_ACCOUNTS; i += 1) {
    await database.db.execute(sql`
      insert into admin_accounts (email, password_hash, first_name, kind)
      values (${`signin${i}@example.org`}, ${passwordHash}, 'Bench', 'ga')`);
  }
}

export const FILLS = { demo, events, members, logs, rush, signin } as const;
export type TFillName = keyof typeof FILLS;
