/**
 * The route table of spec 01 §2 and spec 02 §2.1, as hash URLs (`#/about`). Only the event
 * list, the page every visitor and every on-sale rush opens, is in the entry chunk; the other
 * public pages, sign-in, registration and the whole back office load on demand through the
 * router's `lazy`, so a navigation ends only once its screen's code is there (./hash-router.tsx).
 */
import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { ServerErrorPage } from '../features/errors/ServerErrorPage';
import { EventListPage } from '../features/events/EventListPage';
import { PublicLayout } from './layouts/PublicLayout';
import { loadFullEnglish } from '../i18n';
import { createRouter, type TRoute } from './hash-router';
import { RequireSession } from './RequireSession';
import { GUARD_ROUTE_ID } from './sign-in-redirect';

/** Loads a module's named component as a route's `Component`, with the whole English catalog. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), loadFullEnglish()]);
    return { Component: pick(module) };
  };
}

const publicRoutes: TRoute[] = [
  {
    path: 'about',
    lazy: screen(
      () => import('../features/about/AboutPage'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: 'leadership',
    lazy: screen(
      () => import('../features/leadership/LeadershipPage'),
      (m) => m.LeadershipPage,
    ),
  },
  {
    path: 'contact',
    lazy: screen(
      () => import('../features/contact/ContactPage'),
      (m) => m.ContactPage,
    ),
  },
  { path: 'event', element: <EventListPage /> },
  {
    path: 'viewevent/:eventid',
    lazy: screen(
      () => import('../features/events/ViewEventPage'),
      (m) => m.ViewEventPage,
    ),
  },
  {
    path: 'renewmember/link',
    lazy: screen(
      () => import('../features/renewal/ReminderRenewalPage'),
      (m) => m.ReminderRenewalPage,
    ),
  },
  {
    path: 'waitlist/confirm/:token',
    lazy: screen(
      () => import('../features/waitlist/ConfirmWaitlistPage'),
      (m) => m.ConfirmWaitlistPage,
    ),
  },
  {
    path: 'checkout/member-ticket',
    lazy: screen(
      () => import('../features/events/MemberTicketCheckoutPage'),
      (m) => m.MemberTicketCheckoutPage,
    ),
  },
  {
    path: 'auth',
    children: [
      { index: true, element: <Navigate to="/auth/memberlogin" replace /> },
      {
        path: 'login',
        lazy: screen(
          () => import('../features/auth/AdminLoginPage'),
          (m) => m.AdminLoginPage,
        ),
      },
      {
        path: 'memberlogin',
        lazy: screen(
          () => import('../features/auth/MemberLoginPage'),
          (m) => m.MemberLoginPage,
        ),
      },
      {
        path: 'forgot/:kind',
        lazy: screen(
          () => import('../features/auth/ForgotPasswordPage'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: 'reset/:kind/:token',
        lazy: screen(
          () => import('../features/auth/ResetPasswordPage'),
          (m) => m.ResetPasswordPage,
        ),
      },
    ],
  },
  {
    path: 'household/accept/:token',
    lazy: screen(
      () => import('../features/household/AcceptInvitationPage'),
      (m) => m.AcceptInvitationPage,
    ),
  },
  {
    path: 'error',
    children: [
      { path: '404', element: <NotFoundPage /> },
      // `#/error` itself and any error route we do not know show the general error page.
      { index: true, element: <ServerErrorPage /> },
      { path: '500', element: <ServerErrorPage /> },
      { path: '*', element: <ServerErrorPage /> },
    ],
  },
  {
    path: 'donate',
    lazy: screen(
      () => import('../features/donations/DonatePage'),
      (m) => m.DonatePage,
    ),
  },
  {
    path: 'mregister',
    lazy: screen(
      () => import('../features/registration/RegisterPage'),
      (m) => m.RegisterPage,
    ),
  },
];

const paymentRoutes: TRoute[] = [
  {
    path: 'checkout/mock/:transactionID',
    lazy: screen(
      () => import('../features/checkout/MockCheckoutPage'),
      (m) => m.MockCheckoutPage,
    ),
  },
  {
    path: 'success',
    children: [
      {
        path: 'nonmember',
        lazy: screen(
          () => import('../features/success/NonMemberSuccessPage'),
          (m) => m.NonMemberSuccessPage,
        ),
      },
      {
        path: 'table',
        lazy: screen(
          () => import('../features/success/TableSuccessPage'),
          (m) => m.TableSuccessPage,
        ),
      },
      {
        path: 'member-ticket',
        lazy: screen(
          () => import('../features/success/MemberTicketSuccessPage'),
          (m) => m.MemberTicketSuccessPage,
        ),
      },
      {
        path: 'registration',
        lazy: screen(
          () => import('../features/success/RegistrationSuccessPage'),
          (m) => m.RegistrationSuccessPage,
        ),
      },
      {
        path: 'renewal',
        lazy: screen(
          () => import('../features/success/RenewalSuccessPage'),
          (m) => m.RenewalSuccessPage,
        ),
      },
      {
        path: 'donation',
        lazy: screen(
          () => import('../features/success/DonationSuccessPage'),
          (m) => m.DonationSuccessPage,
        ),
      },
    ],
  },
];

const backOfficeRoutes: TRoute[] = [
  {
    index: true,
    lazy: screen(
      () => import('./BackOfficeHomePage'),
      (m) => m.BackOfficeHomePage,
    ),
  },
  {
    path: 'member',
    lazy: screen(
      () => import('../features/members/MemberListPage'),
      (m) => m.MemberListPage,
    ),
  },
  {
    path: 'member/:prefix',
    lazy: screen(
      () => import('../features/members/MemberListPage'),
      (m) => m.MemberListPage,
    ),
  },
  {
    path: 'family',
    lazy: screen(
      () => import('../features/family/FamilyPage'),
      (m) => m.FamilyPage,
    ),
  },
  {
    path: 'renewmember',
    lazy: screen(
      () => import('../features/renewal/RenewalPage'),
      (m) => m.RenewalPage,
    ),
  },
  {
    path: 'add',
    lazy: screen(
      () => import('../features/family/EditFamilyPage'),
      (m) => m.EditFamilyPage,
    ),
  },
  {
    path: 'listMemberBoard',
    lazy: screen(
      () => import('../features/board/BoardListPage'),
      (m) => m.BoardListPage,
    ),
  },
  {
    path: 'addMemberBoard',
    lazy: screen(
      () => import('../features/board/AddBoardMemberPage'),
      (m) => m.AddBoardMemberPage,
    ),
  },
  {
    path: 'plans',
    lazy: screen(
      () => import('../features/plans/PlansPage'),
      (m) => m.PlansPage,
    ),
  },
  {
    path: 'logs',
    lazy: screen(
      () => import('../features/logs/LogsPage'),
      (m) => m.LogsPage,
    ),
  },
  {
    path: 'reports',
    lazy: screen(
      () => import('../features/reports/ReportsPage'),
      (m) => m.ReportsPage,
    ),
  },
  {
    path: 'accounts',
    lazy: screen(
      () => import('../features/accounts/AccountsPage'),
      (m) => m.AccountsPage,
    ),
  },
  {
    path: 'events',
    lazy: screen(
      () => import('../features/events/ManageEventsPage'),
      (m) => m.ManageEventsPage,
    ),
  },
  {
    path: 'reminders',
    lazy: screen(
      () => import('../features/reminders/RemindersPage'),
      (m) => m.RemindersPage,
    ),
  },
  {
    path: 'checkin/:eventid',
    lazy: screen(
      () => import('../features/checkin/CheckinPage'),
      (m) => m.CheckinPage,
    ),
  },
];

export const routes: TRoute[] = [
  {
    path: '/',
    errorElement: <ServerErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        // A pathless child holds the error boundary so a failing page keeps the header and footer.
        children: [{ errorElement: <ServerErrorPage />, children: publicRoutes }],
      },
      // Pages of their own, without the site's header: the payment provider's page and the
      // receipts (their layout has its own footer links).
      { errorElement: <ServerErrorPage />, children: paymentRoutes },
      {
        id: GUARD_ROUTE_ID,
        element: <RequireSession />,
        children: [
          {
            lazy: screen(
              () => import('./layouts/MainLayout'),
              (m) => m.MainLayout,
            ),
            children: [{ errorElement: <ServerErrorPage />, children: backOfficeRoutes }],
          },
        ],
      },
      // Spec: any unknown path redirects to the empty path (and so through the guard).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createRouter(routes);
}
