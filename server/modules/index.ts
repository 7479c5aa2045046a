import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/health.routes';
import settingsRoutes from './settings/settings.routes';
import authRoutes from './auth/auth.routes';
import logsRoutes from './logs/logs.routes';
import plansRoutes from './plans/plans.routes';
import membersRoutes from './members/members.routes';
import memberExportsRoutes from './members/member-exports.routes';
import familyRoutes from './family/family.routes';
import geoRoutes from './geo/geo.routes';
import eventsRoutes from './events/events.routes';
import boardRoutes from './board/board.routes';
import imagesRoutes from './images/images.routes';
import eventsAdminRoutes from './events/events-admin.routes';
import payQuoteRoutes from './events/pay-quote.routes';
import paymentsModule from './payments/payments.module';
import reportsModule from './reports/reports.module';
import contactRoutes from './contact/contact.routes';
import memmailRoutes from './mail/memmail.routes';
import chartsRoutes from './charts/charts.routes';
import checkinRoutes from './checkin/checkin.routes';
import waitlistRoutes from './waitlist/waitlist.routes';
import remindersRoutes from './reminders/reminders.routes';
import donationsRoutes from './donations/donations.routes';
import householdRoutes from './household/household.routes';

/** Every API module, mounted under /api. A new module is one line here. */
export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  settingsRoutes,
  authRoutes,
  logsRoutes,
  plansRoutes,
  membersRoutes,
  memberExportsRoutes,
  familyRoutes,
  geoRoutes,
  eventsRoutes,
  imagesRoutes,
  boardRoutes,
  eventsAdminRoutes,
  payQuoteRoutes,
  paymentsModule,
  reportsModule,
  contactRoutes,
  memmailRoutes,
  chartsRoutes,
  checkinRoutes,
  waitlistRoutes,
  remindersRoutes,
  donationsRoutes,
  householdRoutes,
];
