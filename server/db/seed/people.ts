import { addDays } from './calendar';
import type { TSeedContext } from './context';
import { AREA_CODES, BOYS, GIRLS, LOCALITIES, MEN, STATE, STREETS, SURNAMES, WOMEN } from './names';

export interface TAddress {
  street: string;
  city: string;
  state: string;
  zipcode: string;
}

/** Names, phones, e-mails and addresses for demo people, without repeats where it matters. */
export class People {
  private readonly emails = new Set<string>();
  private readonly phones = new Set<string>();

  constructor(private readonly ctx: TSeedContext) {}

  /** Claims an address that a fixed demo account uses, so no generated person gets it. */
  reserveEmail(email: string): void {
    this.emails.add(email.toLowerCase());
  }

  firstName(gender: 'm' | 'f'): string {
    return this.ctx.random.pick(gender === 'm' ? MEN : WOMEN);
  }

  childName(): string {
    return this.ctx.random.pick(this.ctx.random.chance(0.5) ? BOYS : GIRLS);
  }

  surname(): string {
    return this.ctx.random.pick(SURNAMES);
  }

  /** first.last@domain, numbered when taken; example.* domains never reach a real inbox. */
  email(first: string, last: string, domain = 'example.com'): string {
    const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    for (let n = 1; ; n++) {
      const email = `${base}${n === 1 ? '' : n}@${domain}`;
      if (!this.emails.has(email)) {
        this.emails.add(email);
        return email;
      }
    }
  }

  /** 10 digits in the 555-0100..0199 block, which is reserved for fiction. */
  phone(): string {
    for (let attempt = 0; ; attempt++) {
      const line = String(this.ctx.random.int(0, 99)).padStart(2, '0');
      const phone = `${this.ctx.random.pick(AREA_CODES)}55501${line}`;
      if (!this.phones.has(phone) || attempt > 20) {
        this.phones.add(phone);
        return phone;
      }
    }
  }

  address(): TAddress {
    const locality = this.ctx.random.pick(LOCALITIES);
    const number = this.ctx.random.int(1, 199) * 100 + this.ctx.random.int(1, 99);
    return {
      street: `${number} ${this.ctx.random.pick(STREETS)}`,
      city: locality.city,
      state: STATE,
      zipcode: this.ctx.random.pick(locality.zips),
    };
  }

  /** A birth date for someone aged between minAge and maxAge today. */
  dateOfBirth(minAge: number, maxAge: number): string {
    return addDays(
      this.ctx.today,
      -(this.ctx.random.int(minAge, maxAge) * 365 + this.ctx.random.int(0, 364)),
    );
  }
}
