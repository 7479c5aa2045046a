import { PAYMENT_DESCRIPTIONS, TABLE_FOR_TEN_SEATS } from '../../../domain/constants';
import { priceTable, priceTickets } from '../../../domain/pricing';
import type { TNewEventRow, TNewNonMemberBuyerRow, TNewTicketRow } from '../schema';
import { daysBetween } from './calendar';
import type { TSeedContext } from './context';
import { DEMO_MEMBER_EMAIL } from './families';
import type { TInsertedFamily } from './membership-payments';
import { confirmedPayment, type TSeedPayment } from './payment-rows';
import type { People } from './people';
import { tableForTenNotes } from '../../../domain/display';

export interface TInsertedEvent {
  id: number;
  row: TNewEventRow;
  salesFrom: string;
}

/** One purchase: its payment, the non-member who bought it (if any) and the ticket it issued. */
export interface TTicketSale {
  payment: TSeedPayment;
  buyer: TNewNonMemberBuyerRow | null;
  ticket: Omit<TNewTicketRow, 'paymentId'>;
}

// Leave room in every event: a demo should still be able to buy seats
const SELLABLE_SHARE = 0.8;

export function buildTicketSales(
  ctx: TSeedContext,
  events: readonly TInsertedEvent[],
  families: readonly TInsertedFamily[],
  people: People,
): TTicketSale[] {
  const demo = families.find((family) => family.member.email === DEMO_MEMBER_EMAIL);
  const pastEvents = events.filter((event) => event.row.eventDate < ctx.today);
  // The demo member went to the two latest events and holds 2 seats today, so 2 remain to buy
  const demoPurchases = new Map<number, number>(
    pastEvents.slice(-2).map((event) => [event.id, 4] as const),
  );
  for (const event of events) if (event.row.eventDate === ctx.today) demoPurchases.set(event.id, 2);

  const others = families.filter((family) => family !== demo && family.standing !== 'inactive');
  return events.flatMap((event) => {
    const sales = new EventSales(ctx, event, people);
    const demoSeats = demoPurchases.get(event.id);
    if (demo && demoSeats) sales.sellToMember(demo, demoSeats);
    sales.sellAll(others);
    return sales.sold;
  });
}

class EventSales {
  readonly sold: TTicketSale[] = [];
  private seatsLeft: number;
  private readonly lastDay: string;
  private readonly progress: number;

  constructor(
    private readonly ctx: TSeedContext,
    private readonly event: TInsertedEvent,
    private readonly people: People,
  ) {
    this.seatsLeft = Math.floor(event.row.capacity * SELLABLE_SHARE);
    this.lastDay = event.row.eventDate < ctx.today ? event.row.eventDate : ctx.today;
    // An upcoming event has sold only the share of its tickets that its sales period so far allows
    const period = daysBetween(event.salesFrom, event.row.eventDate);
    const elapsed = daysBetween(event.salesFrom, this.lastDay);
    this.progress = elapsed < 0 ? 0 : period === 0 ? 1 : Math.min(1, elapsed / period);
  }

  sellAll(families: readonly TInsertedFamily[]): void {
    if (this.progress === 0) return;
    const { random } = this.ctx;
    const big = this.event.row.capacity >= 400;
    const memberSales = Math.round(random.int(10, 18) * this.progress);
    const eligible = random.shuffle(families.filter((family) => this.mayBuyAsMember(family)));
    for (const family of eligible.slice(0, memberSales)) {
      const headcount = 1 + (family.spouse ? 1 : 0) + family.dependents.length;
      this.sellToMember(family, random.int(1, headcount));
    }
    const nonMemberSales = Math.round(random.int(8, 16) * this.progress);
    for (let i = 0; i < nonMemberSales; i++) this.sellToNonMember(random.int(1, 6));
    const tables = Math.round(random.int(big ? 1 : 0, big ? 3 : 1) * this.progress);
    for (let i = 0; i < tables; i++) this.sellTable();
  }

  /** A member at the time: joined before sales began and paid up for the event's year. */
  private mayBuyAsMember(family: TInsertedFamily): boolean {
    const paidUp = family.standing === 'active' || this.event.row.eventDate < this.ctx.yearStart;
    return paidUp && family.joinedOn < this.event.salesFrom;
  }

  sellToMember(family: TInsertedFamily, count: number): void {
    if (!this.take(count)) return;
    const { member } = family;
    const price = priceTickets(this.event.row.memberPriceCents, count);
    const payment = confirmedPayment(this.ctx, this.saleMoment(), {
      kind: 'member-ticket',
      email: member.email,
      memberId: family.memberId,
      eventId: this.event.id,
      productName: `${this.ctx.eventPrefix} Event Members Ticket`,
      // Spec 01 §3: a member ticket's description holds the event id
      description: String(this.event.id),
      paymentType: 'Event',
      dependent: count,
      memberName: `${member.firstName} ${member.lastName}`,
      contact: member.contactPhone,
      amountCents: price.totalCents,
      serviceCents: price.serviceCents,
      eventDate: this.event.row.eventDate,
      details: { eventId: this.event.id, memberId: family.memberId, tickets: count },
    });
    this.record(payment, 'member-ticket', null, { memberId: family.memberId, seats: count });
  }

  private sellToNonMember(count: number): void {
    if (!this.take(count)) return;
    const buyer = this.newBuyer();
    const price = priceTickets(this.event.row.nonMemberPriceCents, count);
    const payment = confirmedPayment(this.ctx, this.saleMoment(), {
      kind: 'nonmember-ticket',
      email: buyer.email,
      eventId: this.event.id,
      productName: `${this.ctx.eventPrefix} Event Non Member Tickets`,
      description: PAYMENT_DESCRIPTIONS.ticket,
      paymentType: 'Event',
      dependent: count,
      memberName: `${buyer.firstName} ${buyer.lastName}`,
      contact: buyer.contactPhone,
      amountCents: price.totalCents,
      serviceCents: price.serviceCents,
      eventDate: this.event.row.eventDate,
      details: { eventId: this.event.id, tickets: count, buyer: buyerDetails(buyer) },
    });
    this.record(payment, 'nonmember-ticket', buyer, { seats: count });
  }

  private sellTable(): void {
    if (!this.take(TABLE_FOR_TEN_SEATS)) return;
    const { random } = this.ctx;
    const adults = random.int(4, TABLE_FOR_TEN_SEATS);
    const kidsUnder5 = random.int(0, TABLE_FOR_TEN_SEATS - adults);
    const kids6to13 = TABLE_FOR_TEN_SEATS - adults - kidsUnder5;
    const buyer = this.newBuyer();
    const price = priceTable(this.event.row.tablePriceCents);
    const payment = confirmedPayment(this.ctx, this.saleMoment(), {
      kind: 'table-for-10',
      email: buyer.email,
      eventId: this.event.id,
      productName: `${this.ctx.eventPrefix} Event TableFor10 Tickets`,
      description: PAYMENT_DESCRIPTIONS.ticket,
      paymentType: 'Event',
      // DESIGN §3d: a table's `dependent` holds its ticket count
      dependent: TABLE_FOR_TEN_SEATS,
      memberName: `${buyer.firstName} ${buyer.lastName}`,
      contact: buyer.contactPhone,
      notes: tableForTenNotes(adults, kidsUnder5, kids6to13),
      amountCents: price.totalCents,
      serviceCents: price.serviceCents,
      eventDate: this.event.row.eventDate,
      details: {
        eventId: this.event.id,
        buyer: buyerDetails(buyer),
        adults,
        kidsUnder5,
        kids6to13,
      },
    });
    this.record(payment, 'table-for-10', buyer, {
      seats: TABLE_FOR_TEN_SEATS,
      adults,
      kidsUnder5,
      kids6to13,
    });
  }

  private take(seats: number): boolean {
    if (seats > this.seatsLeft) return false;
    this.seatsLeft -= seats;
    return true;
  }

  private saleMoment(): Date {
    return this.ctx.momentBetween(this.event.salesFrom, this.lastDay);
  }

  private newBuyer(): TNewNonMemberBuyerRow {
    const firstName = this.people.firstName(this.ctx.random.chance(0.5) ? 'm' : 'f');
    const lastName = this.people.surname();
    return {
      firstName,
      lastName,
      email: this.people.email(firstName, lastName, 'example.net'),
      contactPhone: this.people.phone(),
    };
  }

  private record(
    payment: TSeedPayment,
    kind: TNewTicketRow['kind'],
    buyer: TNewNonMemberBuyerRow | null,
    ticket: Pick<TNewTicketRow, 'seats' | 'memberId' | 'adults' | 'kidsUnder5' | 'kids6to13'>,
  ): void {
    if (buyer) buyer.createdAt = payment.createdAt;
    this.sold.push({
      payment,
      buyer,
      ticket: {
        ...ticket,
        eventId: this.event.id,
        kind,
        code: this.ctx.codes.doorCode(),
        createdAt: payment.confirmedAt,
      },
    });
  }
}

function buyerDetails(buyer: TNewNonMemberBuyerRow) {
  return {
    fname: buyer.firstName,
    lname: buyer.lastName,
    email: buyer.email,
    contact: buyer.contactPhone,
  };
}
