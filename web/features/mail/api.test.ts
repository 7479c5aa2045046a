import { describe, expect, it } from 'vitest';
import { mailFormData } from './api';

describe('mailFormData', () => {
  it("sends the spec's mail payload field names, with every file", () => {
    const files = [new File(['a'], 'a.txt'), new File(['b'], 'b.pdf')];
    const form = mailFormData({
      to: 'a@example.org',
      cc: 'b@example.org',
      bcc: '',
      subject: 'Hello',
      body: 'Text',
      files,
    });
    expect([...form.keys()]).toEqual([
      'compose_to',
      'compose_cc',
      'compose_bcc',
      'editor_subject',
      'editor_value',
      'files',
      'files',
    ]);
    expect(form.get('compose_to')).toBe('a@example.org');
    expect(form.get('editor_subject')).toBe('Hello');
    expect((form.getAll('files') as File[]).map((file) => file.name)).toEqual(['a.txt', 'b.pdf']);
  });
});
