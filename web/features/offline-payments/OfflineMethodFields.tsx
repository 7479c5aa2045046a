import '@mantine/core/styles/Radio.css';
import { Group, Radio, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { OFFLINE_METHODS, type TOfflineMethod } from '../../../domain/constants';
import { CHEQUE_NUMBER_MAX } from '../../../domain/contracts/offline-payments';

export interface TOfflineMethodValues {
  method: TOfflineMethod;
  chequeNumber: string;
}

export const CASH: TOfflineMethodValues = { method: 'cash', chequeNumber: '' };

/** Cash or a cheque; a cheque asks for its number (the server refuses one without it). */
export function OfflineMethodFields({
  values,
  chequeNumberMissing,
  onChange,
}: {
  values: TOfflineMethodValues;
  chequeNumberMissing: boolean;
  onChange: (values: TOfflineMethodValues) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Radio.Group
        label={t('offline.method.label')}
        value={values.method}
        onChange={(method) => onChange({ ...values, method: method as TOfflineMethod })}
      >
        <Group mt="xs">
          {OFFLINE_METHODS.map((method) => (
            <Radio key={method} value={method} label={t(`offline.method.${method}`)} />
          ))}
        </Group>
      </Radio.Group>
      {values.method === 'cheque' && (
        <TextInput
          label={t('offline.chequeNumber')}
          required
          maxLength={CHEQUE_NUMBER_MAX}
          value={values.chequeNumber}
          error={chequeNumberMissing ? t('offline.chequeNumberRequired') : undefined}
          onChange={(event) => onChange({ ...values, chequeNumber: event.currentTarget.value })}
        />
      )}
    </>
  );
}
