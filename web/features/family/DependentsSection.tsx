import { Alert, Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import type { TFamilyRecord } from '../../../domain/contracts/family';
import type { TPlan } from '../../../domain/contracts/plans';
import { formatCalendarDate } from '../../lib/format';
import { dependentsOfRecord } from '../membership/family-record';
import { scopeQuery, type TMemberScope } from '../membership/member-scope';
import { dependentRoom } from './dependent-room';
import { FreeDependentForm } from './FreeDependentForm';
import { PaidDependentsForm } from './PaidDependentsForm';

/** The family's dependents, and the one way to add more that applies now: free, paid or none. */
export function DependentsSection({
  record,
  plan,
  scope,
  today,
}: {
  record: TFamilyRecord;
  plan: TPlan | undefined;
  scope: TMemberScope;
  today: string;
}) {
  const { t } = useTranslation();
  const dependents = dependentsOfRecord(record);
  const room = dependentRoom({
    dependents: dependents.length,
    dependentsPaid: record.dependentsPaid,
    maxDependent: record.maxDependent,
  });

  return (
    <Stack gap="md" component="section" aria-labelledby="dependents-title">
      <Title order={2} size="h3" id="dependents-title">
        {t('family.edit.dependentsTitle')}
      </Title>
      {dependents.length ? (
        <List size="sm">
          {dependents.map((dependent) => (
            <List.Item key={dependent.slotName}>
              {t('family.edit.dependentLine', {
                name: dependent.name,
                date: formatCalendarDate(dependent.dateOfBirth),
              })}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">{t('family.edit.noDependents')}</Text>
      )}
      {room.kind === 'full' && (
        <Text size="sm">{t('membership.rules.maxDependents', { max: room.cap })}</Text>
      )}
      {room.kind === 'free' && <FreeDependentForm free={room.free} scope={scope} today={today} />}
      {room.kind === 'paid' && !record.is_active && (
        <Alert color="orange" variant="light">
          {t('family.edit.renewFirst')}{' '}
          <Anchor component={Link} to={`/renewmember${scopeQuery(scope)}`}>
            {t('nav.renewMembership')}
          </Anchor>
        </Alert>
      )}
      {room.kind === 'paid' && record.is_active && (
        <>
          <Title order={3} size="h4">
            {t('family.edit.addDependentsTitle')}
          </Title>
          <PaidDependentsForm
            memberId={record.MemberId}
            plan={plan}
            room={room.room}
            scope={scope}
            today={today}
          />
        </>
      )}
    </Stack>
  );
}
