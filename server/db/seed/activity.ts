import type { TNewAuditLogRow, TNewContactMessageRow } from '../schema';
import { addDays } from './calendar';
import type { TSeedContext } from './context';
import { DEMO_MEMBER_EMAIL } from './families';
import { DEMO_ADMIN_EMAIL, DEMO_SUPER_EMAIL, DEMO_TEMP_ADMIN_EMAIL } from './staff';

interface TActor {
  user: string;
  email: string;
  userType: string;
  ipAddress: string;
  actions: readonly (readonly [method: string, message: string])[];
}

const ACTORS: readonly TActor[] = [
  {
    user: 'Global Admin',
    email: DEMO_ADMIN_EMAIL,
    userType: 'Global Admin',
    ipAddress: '203.0.113.24',
    actions: [
      ['PUT', 'Member updated'],
      ['PUT', 'Gift marked as received'],
      ['PUT', 'Notes updated'],
      ['POST', 'Mail sent to member'],
      ['POST', 'Event created'],
      ['POST', 'Ticket report downloaded'],
    ],
  },
  {
    user: 'Meera Desai',
    email: DEMO_SUPER_EMAIL,
    userType: 'Super User',
    ipAddress: '198.51.100.7',
    actions: [
      ['PUT', 'Membership plan updated'],
      ['PUT', 'Magazine price updated'],
      ['POST', 'Member report downloaded'],
      ['PUT', 'Board member updated'],
    ],
  },
  {
    user: 'Kiran Vora',
    email: DEMO_TEMP_ADMIN_EMAIL,
    userType: 'Temp Admin',
    ipAddress: '203.0.113.91',
    actions: [
      ['PUT', 'Event updated'],
      ['PUT', 'Member updated'],
    ],
  },
  {
    user: 'Rajesh Patel',
    email: DEMO_MEMBER_EMAIL,
    userType: 'Member',
    ipAddress: '198.51.100.143',
    actions: [
      ['PUT', 'Profile updated'],
      ['POST', 'Member tickets bought'],
    ],
  },
];

const LOG_DAYS = 14;

/** Sign-ins, work and sign-outs of the demo accounts over the last two weeks. */
export function buildAuditLogs(ctx: TSeedContext): TNewAuditLogRow[] {
  const rows: (TNewAuditLogRow & { createdAt: Date })[] = [];
  for (let daysAgo = LOG_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const day = addDays(ctx.today, -daysAgo);
    for (const { actions, ...identity } of ctx.random
      .shuffle(ACTORS)
      .slice(0, ctx.random.int(1, 2))) {
      let at = ctx.momentOn(day, 8, 20).getTime();
      const entry = (methodType: string, loggerMessage: string) => {
        rows.push({ ...identity, methodType, loggerMessage, createdAt: new Date(at) });
        at += ctx.random.int(1, 20) * 60_000;
      };
      entry('POST', 'Signed in');
      for (let n = ctx.random.int(0, 2); n > 0; n--) entry(...ctx.random.pick(actions));
      if (ctx.random.chance(0.7)) entry('POST', 'Signed out');
    }
  }
  // Sessions late in the day may run past now: nothing in the log is later than the clock
  return rows
    .filter((row) => row.createdAt <= ctx.now)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** A few messages left through the Contact page. */
export function buildContactMessages(ctx: TSeedContext): TNewContactMessageRow[] {
  return [
    {
      name: 'Sarah Thompson',
      email: 'sarah.thompson@example.net',
      message:
        'Hello, our school would like to invite a Garba group for our culture week. Whom may we contact?',
      createdAt: ctx.momentOn(addDays(ctx.today, -9)),
    },
    {
      name: 'Vipul Shah',
      email: 'vipul.shah@example.net',
      message: 'Is the new event center available to rent for a wedding reception next spring?',
      createdAt: ctx.momentOn(addDays(ctx.today, -4)),
    },
    {
      name: 'Anjali Mehta',
      email: 'anjali.mehta@example.net',
      message: 'We just moved to Katy. How do we join, and is there a Gujarati class for children?',
      createdAt: ctx.momentOn(addDays(ctx.today, -1)),
    },
  ];
}
