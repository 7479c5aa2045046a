/**
 * The whole data model. Split by area under ./schema/; this module is the one entry point that
 * client.ts, drizzle-kit and every service import.
 */
export * from './schema/accounts';
export * from './schema/membership';
export * from './schema/board';
export * from './schema/events';
export * from './schema/payments';
export * from './schema/operations';
export * from './schema/images';
export * from './schema/ops';
export * from './schema/waitlist';
export * from './schema/reminders';
export * from './schema/household';
