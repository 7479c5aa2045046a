import { appSettings } from '../app/settings';

/**
 * The association's time zone (the server's TIME_ZONE): "today", receipt times and report dates
 * mean the same day for every viewer, wherever they are.
 */
export function displayTimeZone(): string {
  return appSettings().timeZone;
}
