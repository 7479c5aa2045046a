/** The demo accounts of DESIGN §7, all with the password samaj-demo. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.org', label: 'global admin' },
  { email: 'super@example.org', label: 'super user' },
  { email: 'temp@example.org', label: 'temporary admin (valid 30 days either side of today)' },
  { email: 'member@example.org', label: 'member with a spouse and two dependents' },
] as const;
