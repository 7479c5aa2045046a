import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ZDependentInput } from '../../../domain/contracts/members';
import type { TPlan } from '../../../domain/contracts/plans';
import { useGoToUrl } from '../../components/use-go-to-url';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, type TFieldErrors } from '../../lib/form-errors';
import { startMembershipCheckout } from '../membership/api/start-membership-checkout';
import { dependentPayloadsOf, type TDependentValues } from '../membership/dependent-values';
import { DependentRows } from '../membership/DependentRows';
import type { TMemberScope } from '../membership/member-scope';
import { extraDependentsSummary } from '../membership/price-summary';
import { PriceSummary } from '../membership/PriceSummary';
import { membershipRuleMessages } from '../membership/rule-messages';

/**
 * "Add dependents" beyond the number paid for: rows up to the plan's limit, the price the
 * checkout will charge (n x dependent fee + service charge), then checkout kind `dependents`.
 */
export function PaidDependentsForm({
  memberId,
  plan,
  room,
  scope,
  today,
}: {
  memberId: number;
  /** The family's plan as offered now; without it the server alone prices the checkout. */
  plan: TPlan | undefined;
  room: number;
  scope: TMemberScope;
  today: string;
}) {
  const { t } = useTranslation();
  const goTo = useGoToUrl();
  const nextKey = useRef(2);
  const [rows, setRows] = useState<TDependentValues[]>([{ key: 1, name: '', dateOfBirth: '' }]);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const ruleMessages = membershipRuleMessages(t);
  const checkout = useMutation({
    mutationFn: (dependents: TDependentValues[]) =>
      startMembershipCheckout(
        { kind: 'dependents', memberid: memberId, dependents: dependentPayloadsOf(dependents) },
        scope,
      ),
    onSuccess: (answer) => goTo(answer.checkoutUrl),
  });
  const labels = {
    name: t('membership.fields.dependentName'),
    dateOfBirth: t('membership.fields.dateOfBirth'),
  };

  function pay() {
    const problems: TFieldErrors = {};
    rows.forEach((row, index) => {
      const parsed = ZDependentInput.safeParse(row);
      if (parsed.success) return;
      for (const [field, text] of Object.entries(
        fieldErrorsOf(parsed.error, row, { labels, t, ruleMessages }),
      )) {
        problems[`dependents.${index}.${field}`] = text;
      }
    });
    if (rows.length === 0) problems.dependents = t('family.edit.addAtLeastOne');
    setErrors(problems);
    if (Object.keys(problems).length === 0) checkout.mutate(rows);
  }

  const failure = checkout.error;
  const failureText =
    failure instanceof ApiError && failure.fields
      ? Object.values(failure.fields).map((text) => ruleMessages[text] ?? text)[0]
      : failure instanceof ApiError && failure.code === 'CONFLICT'
        ? (ruleMessages[failure.message] ?? failure.message)
        : failure
          ? messageOf(failure, t)
          : null;

  return (
    <Stack gap="md">
      <DependentRows
        dependents={rows}
        max={room}
        limitText={t('family.edit.paidRoom', { count: room })}
        errors={errors}
        today={today}
        onChange={(index, field, value) =>
          setRows(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)))
        }
        onAdd={() => setRows([...rows, { key: nextKey.current++, name: '', dateOfBirth: '' }])}
        onRemove={(index) => setRows(rows.filter((_, i) => i !== index))}
      />
      {plan ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('membership.price.title')}
          </Title>
          <PriceSummary summary={extraDependentsSummary(plan, rows.length)} />
        </Stack>
      ) : (
        <Text size="sm">{t('family.edit.pricedAtCheckout')}</Text>
      )}
      {failureText && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {failureText}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={pay} loading={checkout.isPending} disabled={rows.length === 0}>
          {t('family.edit.payDependents')}
        </Button>
      </Group>
    </Stack>
  );
}
