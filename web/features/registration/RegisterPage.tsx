import '@mantine/core/styles/Stepper.css';
import { Alert, Button, Group, Loader, Stack, Stepper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TRegistrationCheckout } from '../../../domain/contracts/members';
import { toCalendarDate } from '../../../domain/dates';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { PageTitle } from '../../components/PageTitle';
import { useGoToUrl } from '../../components/use-go-to-url';
import { ApiError, messageOf } from '../../lib/api-client';
import type { TFieldErrors } from '../../lib/form-errors';
import { activePlansQuery } from '../membership/api/get-active-plans';
import { startMembershipCheckout } from '../membership/api/start-membership-checkout';
import { PlanChoice } from '../membership/PlanChoice';
import { membershipRuleMessages } from '../membership/rule-messages';
import { emailAvailabilityQuery } from './api/check-email';
import { FamilyStep } from './FamilyStep';
import { MemberDetailsStep } from './MemberDetailsStep';
import { checkStep, type TStepContext } from './registration-checks';
import {
  EMPTY_REGISTRATION,
  firstStepWithProblem,
  formFieldOf,
  REGISTRATION_STEPS,
  registrationPayloadOf,
  type TMemberValues,
  type TRegistrationStep,
  type TRegistrationValues,
} from './registration-form';
import { ReviewStep } from './ReviewStep';
import type { TSpouseValues } from '../membership/spouse-values';
import { emailUnavailableText, useEmailAvailability } from './use-email-availability';
import { useFieldLabels } from './use-field-labels';
import { keepSignInSecret } from '../../lib/registration-sign-in';

/**
 * `#/mregister`: joining, as a guided stepper (plan, member, family, review) ending in the
 * checkout. Each step is checked with the contract before the next; the server's field
 * problems bring the visitor back to the step that holds the field.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const goTo = useGoToUrl();
  const plans = useQuery(activePlansQuery());
  const [values, setValues] = useState<TRegistrationValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [active, setActive] = useState<TRegistrationStep>(0);
  const nextKey = useRef(1);
  const email = useEmailAvailability(values.member.email);
  const queryClient = useQueryClient();
  const emailCheck = emailAvailabilityQuery(values.member.email.trim());
  const labels = useFieldLabels();
  const ruleMessages = membershipRuleMessages(t);
  const today = toCalendarDate(new Date(), displayTimeZone());
  const plan = plans.data?.find((candidate) => candidate.id === values.planId);
  const context: TStepContext = {
    plan,
    emailProblem: emailUnavailableText(email, t),
    wording: { labels, t, ruleMessages },
  };

  const checkout = useMutation({
    mutationFn: (body: TRegistrationCheckout) => startMembershipCheckout(body),
    onSuccess: (answer) => {
      keepSignInSecret(answer.transactionID, answer.signInSecret);
      goTo(answer.checkoutUrl);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || !error.fields) return;
      // Another checkout took the address meanwhile: ask again, for when it lets go
      if (error.fields.email) void queryClient.invalidateQueries(emailCheck);
      const fields = Object.fromEntries(
        Object.entries(error.fields).map(([field, text]) => [
          formFieldOf(field),
          ruleMessages[text] ?? text,
        ]),
      );
      setErrors(fields);
      setActive(firstStepWithProblem(Object.keys(fields)) ?? 3);
    },
  });

  const setMember = (field: keyof TMemberValues, value: string) =>
    setValues((v) => ({ ...v, member: { ...v.member, [field]: value } }));
  const setSpouse = (field: keyof TSpouseValues, value: string) =>
    setValues((v) => ({ ...v, spouse: { ...v.spouse, [field]: value } }));

  function goNext() {
    const problems = checkStep(active, values, context);
    setErrors(problems);
    if (Object.keys(problems).length === 0) setActive((active + 1) as TRegistrationStep);
  }

  function pay() {
    if (!plan) return;
    for (const step of [0, 1, 2] as const) {
      const problems = checkStep(step, values, context);
      if (Object.keys(problems).length) {
        setErrors(problems);
        setActive(step);
        return;
      }
    }
    // Every step passed the contract's checks; the server checks the whole of it once more.
    checkout.mutate(registrationPayloadOf(values, plan));
  }

  if (plans.isPending) return <Loader aria-label={t('common.loading')} />;
  if (plans.isError) {
    return <LoadErrorAlert error={plans.error} onRetry={() => void plans.refetch()} />;
  }

  const failure = checkout.error;
  const failureText = !failure
    ? null
    : failure instanceof ApiError && failure.code === 'VALIDATION' && failure.fields
      ? t('registration.fixFields')
      : failure instanceof ApiError && ['CONFLICT', 'VALIDATION'].includes(failure.code)
        ? (ruleMessages[failure.message] ??
          ruleMessages[failure.fields?.email ?? ''] ??
          failure.message)
        : messageOf(failure, t);

  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.register.title')}</PageTitle>
      <Text>{t('registration.intro')}</Text>
      <Stepper
        active={active}
        onStepClick={(step) => step < active && setActive(step as TRegistrationStep)}
        size="sm"
      >
        {REGISTRATION_STEPS.map((step) => (
          <Stepper.Step key={step} label={t(`registration.steps.${step}`)} />
        ))}
      </Stepper>
      {active === 0 && (
        <PlanChoice
          plans={plans.data}
          planId={values.planId}
          label={t('registration.plan.label')}
          error={errors.planId}
          onChoose={(planId) => setValues((v) => ({ ...v, planId }))}
        />
      )}
      {active === 1 && (
        <MemberDetailsStep
          values={values.member}
          errors={errors}
          email={email}
          today={today}
          onChange={setMember}
        />
      )}
      {active === 2 && plan && (
        <FamilyStep
          plan={plan}
          withSpouse={values.withSpouse}
          spouse={values.spouse}
          dependents={values.dependents}
          errors={errors}
          today={today}
          onSpouseToggle={(withSpouse) => setValues((v) => ({ ...v, withSpouse }))}
          onSpouseChange={setSpouse}
          onDependentChange={(index, field, value) =>
            setValues((v) => ({
              ...v,
              dependents: v.dependents.map((d, i) => (i === index ? { ...d, [field]: value } : d)),
            }))
          }
          onAddDependent={() =>
            setValues((v) => ({
              ...v,
              dependents: [...v.dependents, { key: nextKey.current++, name: '', dateOfBirth: '' }],
            }))
          }
          onRemoveDependent={(index) =>
            setValues((v) => ({ ...v, dependents: v.dependents.filter((_, i) => i !== index) }))
          }
        />
      )}
      {active === 3 && plan && <ReviewStep values={values} plan={plan} />}
      {failureText && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {failureText}
        </Alert>
      )}
      <Group justify="space-between">
        {active > 0 ? (
          <Button variant="default" onClick={() => setActive((active - 1) as TRegistrationStep)}>
            {t('registration.back')}
          </Button>
        ) : (
          <span />
        )}
        {active < 3 ? (
          <Button onClick={goNext}>{t('registration.next')}</Button>
        ) : (
          <Button onClick={pay} loading={checkout.isPending}>
            {t('registration.pay')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
