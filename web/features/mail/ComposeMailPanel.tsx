import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconPaperclip, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { MAIL_LIMITS } from '../../../domain/contracts/mail';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import { mailSuggestionsQuery, useSendMemberMail, type TComposedMail } from './api';
import { addFiles, lastTerm } from './mail-files';

type TAddressField = 'to' | 'cc' | 'bcc';

/** An address field whose last typed term is completed from member e-mails after 200 ms. */
function AddressInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { before, term } = lastTerm(value);
  const [typed] = useDebouncedValue(term.trim(), MAIL_LIMITS.suggestDebounceMs);
  const suggestions = useQuery(mailSuggestionsQuery(typed));
  // Each option is the whole field with the last term completed; the list shows the e-mail only
  const data = typed === term.trim() ? (suggestions.data ?? []).map((email) => before + email) : [];
  return (
    <Autocomplete
      label={label}
      value={value}
      onChange={onChange}
      data={[...new Set(data)]}
      filter={({ options }) => options}
      renderOption={({ option }) => option.value.slice(before.length)}
      limit={MAIL_LIMITS.suggestions}
      autoComplete="off"
      size="xs"
    />
  );
}

const EMPTY: TComposedMail = { to: '', cc: '', bcc: '', subject: '', body: '', files: [] };

function isTyped(mail: TComposedMail): boolean {
  return Boolean(mail.to || mail.cc || mail.bcc || mail.subject || mail.body || mail.files.length);
}

/**
 * The compose panel (spec 02 §2.10, §5, §8): fixed at the bottom right, To with Cc and Bcc
 * toggles, Subject (Enter ignored), body, up to 3 attachments of 10 MB, send and discard.
 */
export function ComposeMailPanel({ to, onClose }: { to: string | null; onClose: () => void }) {
  if (to === null) return null;
  return <ComposeMailForm key={to} to={to} onClose={onClose} />;
}

function ComposeMailForm({ to, onClose }: { to: string; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendMemberMail();
  const [mail, setMail] = useState<TComposedMail>({ ...EMPTY, to });
  const [shown, setShown] = useState({ cc: false, bcc: false });
  const [minimised, setMinimised] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const set = (change: Partial<TComposedMail>) => setMail((old) => ({ ...old, ...change }));

  const pick = (picked: File[]) => {
    const result = addFiles(mail.files, picked);
    if (result.refusal === 'count') {
      notify.warning(t('mail.fileCount'), t('mail.fileCountTitle'));
    } else if (result.refusal === 'size') {
      notify.warning(t('mail.fileSize'));
    }
    set({ files: result.files });
  };

  const submit = () => {
    notify.info(t('mail.sending'));
    send.mutate(mail, {
      onSuccess: (sent) => {
        notify.success(t('mail.sent'));
        notify.info(t('mail.sentTo', { to: sent.to.join(', ') }));
        onClose();
      },
      onError: (error) =>
        notify.error(
          error instanceof ApiError && error.fields?.files ? error.message : messageOf(error, t),
          t('mail.notSent'),
        ),
    });
  };

  const discard = () =>
    isTyped({ ...mail, to: mail.to === to ? '' : mail.to }) ? setConfirming(true) : onClose();
  const field = (name: TAddressField, label: string) => (
    <AddressInput label={label} value={mail[name]} onChange={(value) => set({ [name]: value })} />
  );

  /** The Cc and Bcc toggles show and hide their fields. */
  const toggle = (name: 'cc' | 'bcc') => (
    <Button
      size="compact-xs"
      variant={shown[name] ? 'light' : 'subtle'}
      aria-pressed={shown[name]}
      onClick={() => setShown({ ...shown, [name]: !shown[name] })}
    >
      {t(`mail.${name}`)}
    </Button>
  );

  return (
    <Paper
      component="section"
      aria-label={t('mail.title')}
      shadow="xl"
      withBorder
      radius="md"
      p="sm"
      w={{ base: 'calc(100vw - 32px)', sm: 460 }}
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 300 }}
    >
      <Group justify="space-between" mb={minimised ? 0 : 'xs'}>
        <Text fw={600}>{t('mail.title')}</Text>
        <Group gap={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={minimised ? t('mail.show') : t('mail.hide')}
            aria-expanded={!minimised}
            onClick={() => setMinimised(!minimised)}
          >
            {minimised ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          </ActionIcon>
          <CloseButton aria-label={t('mail.discard')} onClick={discard} />
        </Group>
      </Group>
      {!minimised && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            {field('to', t('mail.to'))}
            <Group gap="xs">
              {toggle('cc')}
              {toggle('bcc')}
            </Group>
            {shown.cc && field('cc', t('mail.cc'))}
            {shown.bcc && field('bcc', t('mail.bcc'))}
            <TextInput
              label={t('mail.subject')}
              size="xs"
              value={mail.subject}
              onChange={(event) => set({ subject: event.currentTarget.value })}
              // Spec 02 §9: Enter in Subject does nothing (no send)
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
            />
            <Textarea
              label={t('mail.body')}
              size="xs"
              autosize
              minRows={5}
              maxRows={12}
              value={mail.body}
              onChange={(event) => set({ body: event.currentTarget.value })}
            />
            <Checkbox
              size="xs"
              label={t('mail.includeHousehold')}
              checked={mail.household === true}
              onChange={(event) => set({ household: event.currentTarget.checked })}
            />
            {mail.files.length > 0 && (
              <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {mail.files.map((file, index) => (
                  <Group key={`${file.name}-${index}`} component="li" gap="xs" wrap="nowrap">
                    <IconPaperclip aria-hidden size={14} />
                    <Text size="sm" truncate>
                      {file.name}
                    </Text>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={t('mail.removeFile', { name: file.name })}
                      onClick={() => set({ files: mail.files.filter((_, at) => at !== index) })}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
            {confirming ? (
              <Group
                justify="space-between"
                role="alertdialog"
                aria-label={t('mail.discardQuestion')}
              >
                <Text size="sm">{t('mail.discardQuestion')}</Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                    {t('mail.keep')}
                  </Button>
                  <Button size="xs" color="red.9" onClick={onClose}>
                    {t('mail.discard')}
                  </Button>
                </Group>
              </Group>
            ) : (
              <Group justify="space-between">
                <FileButton onChange={pick} multiple>
                  {(props) => (
                    <Button
                      {...props}
                      size="xs"
                      variant="default"
                      leftSection={<IconPaperclip aria-hidden size={14} />}
                    >
                      {t('mail.attach')}
                    </Button>
                  )}
                </FileButton>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={discard}>
                    {t('mail.discard')}
                  </Button>
                  <Button size="xs" type="submit" loading={send.isPending}>
                    {t('mail.send')}
                  </Button>
                </Group>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Paper>
  );
}
