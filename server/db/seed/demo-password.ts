/**
 * argon2id of domain DEMO_PASSWORD ('samaj-demo'), computed once with @node-rs/argon2's default
 * parameters. Every seeded account shares it, so seeding spends no time hashing (DESIGN §8).
 */
export const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$NW6TKlZbWDEHIWJAAdJ9og$TKCF4sur269Qt3ceTTxGZgEd1V5PpTYgf6dbBIdG6qY';
