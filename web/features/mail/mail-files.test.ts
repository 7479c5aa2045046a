import { describe, expect, it } from 'vitest';
import { MAIL_LIMITS } from '../../../domain/contracts/mail';
import { addFiles, lastTerm } from './mail-files';

const fileOf = (name: string, bytes: number) => ({ name, size: bytes }) as unknown as File;

describe('addFiles (spec 02 §9)', () => {
  it('takes up to 3 files and refuses a pick that would make 4, keeping what was there', () => {
    const two = [fileOf('a', 1), fileOf('b', 1)];
    expect(addFiles(two, [fileOf('c', 1)])).toEqual({
      files: [...two, fileOf('c', 1)],
      refusal: null,
    });
    expect(addFiles(two, [fileOf('c', 1), fileOf('d', 1)])).toEqual({
      files: two,
      refusal: 'count',
    });
  });

  it('refuses a file over 10 MB, whichever of the picked files it is', () => {
    expect(addFiles([], [fileOf('ok', MAIL_LIMITS.fileBytes)]).refusal).toBeNull();
    expect(addFiles([], [fileOf('ok', 1), fileOf('big', MAIL_LIMITS.fileBytes + 1)])).toEqual({
      files: [],
      refusal: 'size',
    });
  });
});

describe('lastTerm', () => {
  it('splits what is being typed from the addresses before it', () => {
    expect(lastTerm('')).toEqual({ before: '', term: '' });
    expect(lastTerm('pri')).toEqual({ before: '', term: 'pri' });
    expect(lastTerm('a@x.org, pri')).toEqual({ before: 'a@x.org, ', term: 'pri' });
    expect(lastTerm('a@x.org; b@y.org ')).toEqual({ before: 'a@x.org; b@y.org ', term: '' });
  });
});
