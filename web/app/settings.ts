import type { TPublicSettings } from '../../domain/contracts/settings';
import { apiFetch } from '../lib/api-client';

/** Used only until the server answers, or if it cannot: the defaults of server/config.ts. */
const FALLBACK: TPublicSettings = {
  orgName: 'Gujarati Samaj',
  orgAddress: '1979 Community Center Drive, Chicago, IL 60601',
  orgPhone: '(312) 555-0179',
  orgEmail: 'contact@samaj.local',
  orgSocialUrl: 'https://www.facebook.com/',
  orgCity: 'Chicago, IL',
  orgMapBbox: '-87.94,41.64,-87.52,42.02',
  orgLegalName: 'Gujarati Samaj of Chicago, Inc.',
  orgTaxId: '36-1234567',
  eventPrefix: 'Gala',
  timeZone: 'America/Chicago',
  paymentProvider: 'mock',
  version: '',
};

let current: TPublicSettings = FALLBACK;

/** Loads the association's settings once, before the first screen shows. */
export async function loadSettings(): Promise<void> {
  try {
    current = await apiFetch<TPublicSettings>('/settings');
  } catch (error) {
    console.warn('Could not load the association settings; using defaults.', error);
  }
}

export function appSettings(): TPublicSettings {
  return current;
}
