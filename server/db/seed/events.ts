import type { TNewEventRow } from '../schema';
import { addDays, daysBetween, yearOf } from './calendar';
import type { TSeedContext } from './context';

interface TEventTemplate {
  name: string;
  time: string;
  venue: string;
  description: string;
  prices: readonly [member: number, nonMember: number, table: number];
  capacity: number;
}

/** A yearly event, held on about the same day every year. */
interface TFestival extends TEventTemplate {
  monthDay: string;
}

const HALL = 'Samaj Event Center, 11500 Bissonnet St, Houston, TX 77099';
const PARK = 'Oyster Creek Park Pavilion, 4033 Highway 6, Sugar Land, TX 77478';

const FESTIVALS: readonly TFestival[] = [
  {
    name: 'Uttarayan Kite Flying',
    monthDay: '01-14',
    time: '10:00',
    venue: PARK,
    description: 'Kites, manja and chikki for the whole family, with undhiyu and jalebi for lunch.',
    prices: [1000, 1500, 12000],
    capacity: 300,
  },
  {
    name: 'Health Seminar',
    monthDay: '02-22',
    time: '14:00',
    venue: HALL,
    description:
      'Community doctors on heart health and diabetes, followed by free blood-pressure checks.',
    prices: [500, 1000, 6000],
    capacity: 120,
  },
  {
    name: 'Holi Celebration',
    monthDay: '03-14',
    time: '11:00',
    venue: PARK,
    description: 'Organic colours, dhol and music, thandai and snacks. Wear white!',
    prices: [1500, 2000, 15000],
    capacity: 400,
  },
  {
    name: 'Annual General Meeting and Lunch',
    monthDay: '04-26',
    time: '12:00',
    venue: HALL,
    description: "The board's yearly report, the treasurer's accounts and elections, then lunch.",
    prices: [1000, 1500, 10000],
    capacity: 200,
  },
  {
    name: 'Summer Picnic',
    monthDay: '06-20',
    time: '11:00',
    venue: PARK,
    description: 'Cricket, tug of war and games for kids, with a Gujarati thali lunch.',
    prices: [1200, 1800, 15000],
    capacity: 350,
  },
  {
    name: 'Janmashtami Utsav',
    monthDay: '08-15',
    time: '19:00',
    venue: HALL,
    description: 'Bhajans, dahi handi for the youth and midnight aarti, with prasad.',
    prices: [1000, 1500, 12000],
    capacity: 300,
  },
  {
    name: 'Navaratri Garba',
    monthDay: '10-03',
    time: '19:30',
    venue: HALL,
    description:
      'Nine nights of garba and dandiya raas with a live orchestra. Traditional dress welcome.',
    prices: [2000, 3000, 25000],
    capacity: 600,
  },
  {
    name: 'Diwali Gala',
    monthDay: '11-01',
    time: '18:30',
    venue: HALL,
    description: 'Dinner, cultural programme and fireworks to welcome the new year.',
    prices: [3500, 5000, 45000],
    capacity: 450,
  },
];

const UPCOMING_HORIZON_DAYS = 200;

export interface TSeedEvent {
  row: TNewEventRow;
  /** When tickets went on sale: purchases fall between this day and the event (or today). */
  salesFrom: string;
}

/**
 * Each festival's edition of the past 12 months, its next edition when it is within about six
 * months, one event today (the "current event") and the opening of the new event center.
 */
export function buildEvents(ctx: TSeedContext): TSeedEvent[] {
  const year = yearOf(ctx.today);
  const out: TSeedEvent[] = [];
  for (const festival of FESTIVALS) {
    for (const candidateYear of [year - 1, year, year + 1]) {
      const date = `${candidateYear}-${festival.monthDay}`;
      const offset = daysBetween(ctx.today, date);
      const isPastEdition = offset < 0 && offset >= -364;
      const isNextEdition = offset > 0 && offset <= UPCOMING_HORIZON_DAYS;
      if (isPastEdition || isNextEdition) {
        out.push(festivalEvent(ctx, festival, date, `${festival.name} ${candidateYear}`));
      }
    }
  }
  out.push(
    festivalEvent(
      ctx,
      {
        name: 'Bhajan Sandhya and Community Dinner',
        time: '18:00',
        venue: HALL,
        description: 'An evening of bhajans by the youth group, followed by dinner together.',
        prices: [1500, 2000, 18000],
        capacity: 250,
      },
      ctx.today,
      'Bhajan Sandhya and Community Dinner',
    ),
    festivalEvent(
      ctx,
      {
        name: 'Event Center Grand Opening',
        time: '17:00',
        venue: HALL,
        description:
          'Ribbon cutting of our new event center, a tour of the halls, and a celebration dinner.',
        prices: [2500, 4000, 35000],
        capacity: 500,
      },
      addDays(ctx.today, 45),
      'Event Center Grand Opening',
    ),
  );
  return out.sort((a, b) => a.row.eventDate.localeCompare(b.row.eventDate));
}

function festivalEvent(
  ctx: TSeedContext,
  festival: TEventTemplate,
  date: string,
  name: string,
): TSeedEvent {
  const salesFrom = addDays(date, -ctx.random.int(35, 50));
  const createdAt = ctx.momentOn(
    addDays(salesFrom, -3) < ctx.today ? addDays(salesFrom, -3) : ctx.today,
  );
  const [memberPriceCents, nonMemberPriceCents, tablePriceCents] = festival.prices;
  return {
    row: {
      name,
      description: festival.description,
      eventDate: date,
      eventTime: festival.time,
      venue: festival.venue,
      memberPriceCents,
      nonMemberPriceCents,
      tablePriceCents,
      capacity: festival.capacity,
      createdAt,
      updatedAt: createdAt,
    },
    salesFrom: salesFrom < ctx.windowStart ? ctx.windowStart : salesFrom,
  };
}
