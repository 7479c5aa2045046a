import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/dates/styles.css';
import {
  Autocomplete,
  Button,
  FileButton,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import {
  BOARD_TYPES,
  LEADERSHIP_ROLES,
  PASSWORD_MIN_LENGTH,
  type TBoardType,
} from '../../../domain/constants';
import { formatPhoneInput } from '../../../domain/phone';
import { StoredImage } from '../../components/StoredImage';
import {
  checkBoardForm,
  IMAGE_ACCEPT,
  isTempAdmin,
  passwordMatch,
  pickedImageProblem,
  withType,
  type TBoardFormValues,
} from './board-form';
import { BOARD_TYPE_KEYS } from './board-types';
import { boardRuleMessages } from './rule-messages';

/** Spec 02 §9: the add screen's preview is 120 × 120 pixels. */
const PREVIEW_SIZE = 120;

export interface TBoardImageChoice {
  /** A newly chosen file, sent with the form. */
  file: File | null;
  /** The stored picture is to be dropped (edit). */
  removeStored: boolean;
}

type TField = keyof TBoardFormValues;

/**
 * The fields of the board form (spec 02 §2.3, §2.4, §5), shared by the add and edit screens.
 * Problems show once a field was touched; 'Type is Required *' shows while no type is chosen.
 * The buttons are plain buttons, so Enter in a field never submits (spec 02 §2.4).
 */
export function BoardMemberForm({
  values,
  onChange,
  image,
  onImageChange,
  storedImage,
  storedImageIsOwn,
  needsPassword,
  serverErrors,
  header,
  submitLabel,
  onSubmit,
  saving,
  cancelLabel,
  onCancel,
}: {
  values: TBoardFormValues;
  onChange: (values: TBoardFormValues) => void;
  image: TBoardImageChoice;
  onImageChange: (image: TBoardImageChoice) => void;
  /** The picture the entry has now (edit), as a URL. */
  storedImage: string | null;
  /** The stored picture is the entry's own (a linked member's own picture cannot be removed here). */
  storedImageIsOwn: boolean;
  /** Whether a Temp Admin here would be a new sign-in, which needs a password. */
  needsPassword: boolean;
  serverErrors: Partial<Record<string, string>>;
  header?: ReactNode;
  submitLabel: string;
  onSubmit: () => void;
  saving: boolean;
  cancelLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ruleMessages = boardRuleMessages(t);
  const [touched, setTouched] = useState<ReadonlySet<TField>>(new Set());
  const [pickProblem, setPickProblem] = useState<'type' | 'size' | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!image.file) {
      setPreviewUrl(null);
      return undefined;
    }
    const url = URL.createObjectURL(image.file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [image.file]);

  const check = checkBoardForm(values, needsPassword);
  const labels: Record<string, string> = {
    fName: t('board.fields.fName'),
    lName: t('board.fields.lName'),
    email: t('board.fields.email'),
    contactPhone: t('board.fields.contactPhone'),
    memberBoardType: t('board.fields.memberBoardType'),
    password: t('board.fields.password'),
  };

  function problemOf(field: TField): string | undefined {
    if (serverErrors[field]) return serverErrors[field];
    const problem = check.problems[field];
    if (!problem) return undefined;
    if (field === 'memberBoardType') return t('board.typeRequired');
    if (!touched.has(field)) return undefined;
    if (problem.code === 'custom') return ruleMessages[problem.message] ?? problem.message;
    if (field === 'email') {
      return values.email.trim() ? t('validation.emailInvalid') : t('validation.emailRequired');
    }
    if (field === 'contactPhone') return t('board.phoneInvalid');
    if (problem.code === 'too_small' && field === 'password') {
      return t('validation.minLength', { name: labels.password, min: PASSWORD_MIN_LENGTH });
    }
    const value = values[field];
    return typeof value === 'string' && !value.trim()
      ? t('validation.required', { name: labels[field] ?? field })
      : t('validation.notValid', { name: labels[field] ?? field });
  }

  const set = (next: TBoardFormValues, field: TField) => {
    setTouched((current) => new Set(current).add(field));
    onChange(next);
  };
  const text = (field: 'fName' | 'lName' | 'email' | 'password' | 'confirmPassword') => ({
    value: values[field],
    error: problemOf(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      set({ ...values, [field]: event.currentTarget.value }, field),
    onBlur: () => setTouched((current) => new Set(current).add(field)),
  });

  const match = passwordMatch(values);
  const previewSrc = previewUrl ?? (image.removeStored ? null : storedImage);

  function pick(file: File | null) {
    if (!file) return;
    const problem = pickedImageProblem(file);
    setPickProblem(problem);
    if (!problem) onImageChange({ file, removeStored: image.removeStored });
  }

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      <Stack gap="md">
        {header}
        <Group align="flex-start" gap="lg" wrap="wrap">
          <StoredImage
            src={previewSrc}
            alt={previewSrc ? t('board.previewAlt') : t('board.defaultPicture')}
            width={PREVIEW_SIZE}
            height={PREVIEW_SIZE}
            placeholder="person"
          />
          <Stack gap="xs">
            <Text size="sm" fw={500} id="board-image-label">
              {t('board.fields.image')}
            </Text>
            <Group gap="xs">
              <FileButton onChange={pick} accept={IMAGE_ACCEPT}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconPhotoUp aria-hidden size={16} />}
                    aria-describedby="board-image-label board-image-help"
                  >
                    {t('board.chooseImage')}
                  </Button>
                )}
              </FileButton>
              {(image.file || (storedImageIsOwn && !image.removeStored)) && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash aria-hidden size={16} />}
                  onClick={() => {
                    setPickProblem(null);
                    onImageChange({ file: null, removeStored: storedImageIsOwn });
                  }}
                >
                  {t('board.removeImage')}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed" id="board-image-help">
              {t('board.imageHelp')}
            </Text>
            {pickProblem && (
              <Text size="sm" c="red.8" role="alert">
                {pickProblem === 'type' ? t('board.imageTypeRefused') : t('board.imageTooLarge')}
              </Text>
            )}
          </Stack>
        </Group>
        <Select
          label={labels.memberBoardType}
          placeholder={t('board.typePlaceholder')}
          data={BOARD_TYPES.map((type) => ({ value: type, label: t(BOARD_TYPE_KEYS[type]) }))}
          value={values.memberBoardType || null}
          onChange={(type) =>
            set(withType(values, (type ?? '') as TBoardType | ''), 'memberBoardType')
          }
          error={problemOf('memberBoardType')}
          required
          allowDeselect={false}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={labels.fName} required autoComplete="off" {...text('fName')} />
          <TextInput label={labels.lName} autoComplete="off" {...text('lName')} />
          <TextInput
            label={labels.email}
            type="email"
            required
            autoComplete="off"
            {...text('email')}
          />
          <TextInput
            label={labels.contactPhone}
            type="tel"
            inputMode="tel"
            required
            autoComplete="off"
            placeholder="(123) 456-7890"
            value={values.contactPhone}
            error={problemOf('contactPhone')}
            onChange={(event) =>
              set(
                { ...values, contactPhone: formatPhoneInput(event.currentTarget.value) },
                'contactPhone',
              )
            }
            onBlur={() => setTouched((current) => new Set(current).add('contactPhone'))}
          />
        </SimpleGrid>
        {isTempAdmin(values) && (
          <Stack gap={4}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label={labels.password}
                required={needsPassword}
                description={needsPassword ? undefined : t('board.passwordKeep')}
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': t('board.togglePassword') }}
                {...text('password')}
              />
              <PasswordInput
                label={t('board.fields.confirmPassword')}
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': t('board.toggleConfirmPassword') }}
                {...text('confirmPassword')}
                error={undefined}
              />
            </SimpleGrid>
            {match && (
              <Text size="sm" c={match === 'matched' ? 'green.9' : 'red.8'} aria-live="polite">
                {match === 'matched' ? t('board.passwordMatched') : t('board.passwordNotMatching')}
              </Text>
            )}
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DatePickerInput
            label={t('board.fields.validityFrom')}
            value={values.validityFrom}
            onChange={(date) => set({ ...values, validityFrom: date }, 'validityFrom')}
            error={problemOf('validityFrom')}
            required={isTempAdmin(values)}
            clearable
            clearButtonProps={{ 'aria-label': t('board.clearDate') }}
            valueFormat="YYYY-MM-DD"
          />
          <DatePickerInput
            label={t('board.fields.validityTo')}
            value={values.validityTo}
            onChange={(date) => set({ ...values, validityTo: date }, 'validityTo')}
            minDate={values.validityFrom ?? undefined}
            error={problemOf('validityTo')}
            required={isTempAdmin(values)}
            clearable
            clearButtonProps={{ 'aria-label': t('board.clearDate') }}
            valueFormat="YYYY-MM-DD"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Autocomplete
            label={t('board.fields.leadershipRole')}
            data={[...LEADERSHIP_ROLES]}
            value={values.leadershipRole}
            onChange={(role) => set({ ...values, leadershipRole: role }, 'leadershipRole')}
            error={problemOf('leadershipRole')}
          />
          <TextInput
            label={t('board.fields.leadershipOrder')}
            description={t('board.leadershipHelp')}
            inputMode="numeric"
            value={values.leadershipOrder}
            onChange={(event) =>
              set(
                { ...values, leadershipOrder: event.currentTarget.value.replace(/\D/g, '') },
                'leadershipOrder',
              )
            }
            error={problemOf('leadershipOrder')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button onClick={onSubmit} disabled={!check.valid} loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
