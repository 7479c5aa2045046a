/** The membership checkout kinds, listed in the payments registry (payments/kinds/index.ts) with one line. */
import type { TRegisteredKind } from '../payments/kinds/types';
import { dependentsKind } from './dependents.kind';
import { registrationKind } from './registration.kind';
import { renewalKind } from './renewal.kind';

export const MEMBERSHIP_KINDS: readonly TRegisteredKind[] = [
  registrationKind,
  renewalKind,
  dependentsKind,
];
