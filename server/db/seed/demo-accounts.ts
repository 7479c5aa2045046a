import { DEMO_MEMBER_EMAIL } from './families';
import { DEMO_ADMIN_EMAIL, DEMO_SUPER_EMAIL, DEMO_TEMP_ADMIN_EMAIL } from './staff';

/** The demo accounts of DESIGN §7 as the start-up banner lists them; all use the password samaj-demo. */
export const DEMO_ACCOUNTS = [
  { email: DEMO_ADMIN_EMAIL, label: 'global admin' },
  { email: DEMO_SUPER_EMAIL, label: 'super user' },
  { email: DEMO_TEMP_ADMIN_EMAIL, label: 'temporary admin (valid 30 days either side of today)' },
  { email: DEMO_MEMBER_EMAIL, label: 'member with a spouse and two dependents' },
] as const;
