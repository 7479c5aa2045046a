import { beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn((_data: Record<string, unknown>) => 'id');
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const { notify } = await import('./notify');
const { i18n } = await import('../i18n');
const { default: en } = await import('../i18n/locales/en.json');
i18n.addCatalog('en', en);

beforeEach(() => show.mockClear());

const shown = () => show.mock.calls[0][0];

describe('notify', () => {
  it('shows a warning with its message and title for 5 s', () => {
    notify.warning('No Ticket Data Found', 'Ticket Info');
    expect(shown()).toMatchObject({
      message: 'No Ticket Data Found',
      title: 'Ticket Info',
      autoClose: 5000,
      role: 'alert',
    });
  });

  it('closes a success after 3 s and an info after 5 s', () => {
    notify.success('Updated Successfully', 'Updated');
    notify.info('Email Sending');
    expect(show.mock.calls.map(([data]) => data.autoClose)).toEqual([3000, 5000]);
  });

  it('closes an error after 5 s', () => {
    notify.error('Error in Updating', 'Error');
    expect(shown()).toMatchObject({ autoClose: 5000, color: 'red' });
  });

  it('gives each kind a default title and the close button an accessible name', () => {
    notify.info('Email Sending');
    expect(shown().title).toBe('Information');
    expect(shown().closeButtonProps).toEqual({ 'aria-label': 'Close notification' });
  });
});
