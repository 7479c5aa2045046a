import type { TPublicSettings } from '../../domain/contracts/settings';
import { apiFetch } from '../lib/api-client';

/** Used only until the server answers, or if it cannot: the defaults of server/config.ts. */
const FALLBACK: TPublicSettings = {
  orgName: 'Gujarati Samaj',
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
