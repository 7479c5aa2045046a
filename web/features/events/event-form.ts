/**
 * The manage screen's event form: its values as the inputs hold them (text), the contract input
 * they become, and the problems the contract's own ZEventInput finds, so the browser refuses
 * what the server would.
 */
import {
  EVENT_INPUT_MESSAGES,
  ZEventInput,
  type TEvent,
  type TEventInput,
} from '../../../domain/contracts/events';

export type TEventFormValues = {
  eventName: string;
  eventDescription: string;
  eventDate: string;
  eventTime: string;
  venue: string;
  memberPrice: string;
  nonMemberPrice: string;
  tablePrice: string;
  capacity: string;
};

export const EVENT_FORM_FIELDS = [
  'eventName',
  'eventDescription',
  'eventDate',
  'eventTime',
  'venue',
  'memberPrice',
  'nonMemberPrice',
  'tablePrice',
  'capacity',
] as const satisfies readonly (keyof TEventFormValues)[];

export const NEW_EVENT: TEventFormValues = {
  eventName: '',
  eventDescription: '',
  eventDate: '',
  eventTime: '18:00',
  venue: '',
  memberPrice: '',
  nonMemberPrice: '',
  tablePrice: '',
  capacity: '',
};

export function formValuesOf(event: TEvent): TEventFormValues {
  return {
    eventName: event.eventName,
    eventDescription: event.eventDescription,
    eventDate: event.eventDate,
    eventTime: event.eventTime,
    venue: event.venue,
    memberPrice: event.memberPrice,
    nonMemberPrice: event.nonMemberPrice,
    tablePrice: event.tablePrice,
    capacity: String(event.capacity),
  };
}

/** The request's fields; `removeImage` asks the server to drop the stored image. */
export function eventInputOf(values: TEventFormValues, removeImage: boolean): TEventInput {
  return {
    ...values,
    capacity: values.capacity.trim(),
    ...(removeImage ? { eventImage: null } : {}),
  };
}

/** Each field's first problem, as the contract words it (English keys for the translations). */
export function eventProblemsOf(
  input: TEventInput,
): Partial<Record<keyof TEventFormValues, string>> {
  const parsed = ZEventInput.safeParse(input);
  const problems: Partial<Record<keyof TEventFormValues, string>> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof TEventFormValues;
    problems[field] ??= issue.message;
  }
  // An empty capacity reads as 0 to the number coercion: say what is wanted, not "too small"
  if (!input.capacity) problems.capacity = EVENT_INPUT_MESSAGES.capacity;
  return problems;
}

/** "Capacity cannot be below the 8 seats already sold or held." → 8, for the translated text. */
export function seatsTakenIn(message: string | undefined): number | null {
  const match = message ? /below the (\d+) seats? already sold or held/.exec(message) : null;
  return match ? Number(match[1]) : null;
}
